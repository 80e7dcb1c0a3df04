-- What the Neovim session scripts (nvim-session.lua, nvim-keys.lua) share: the steps a
-- session reached and what it saw, written to $RESULT as JSON when it ends, and the
-- exit status (0, or 1 with the error) that ends Neovim.
local report = { result = { steps = {} } }

-- Notes that a step was reached, with what was seen there.
function report.step(name, value)
  table.insert(report.result.steps, name)
  if value ~= nil then report.result[name] = value end
end

-- Runs the session, writes the report and quits Neovim.
function report.run(session)
  local ok, err = pcall(session)
  if not ok then report.result.error = tostring(err) end
  vim.fn.writefile({ vim.fn.json_encode(report.result) }, os.getenv('RESULT'))
  vim.cmd(ok and 'qa!' or 'cq!')
end

return report
