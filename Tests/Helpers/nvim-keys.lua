-- Run by Tests/chkTests/NeovimTests.swift after README's Neovim 0.7 snippet, which the
-- test writes to init.lua as it stands:
--
--   PATH=/dir/of/chk:$PATH RESULT=/tmp/result.json nvim --headless -n -i NONE \
--     -u init.lua -c 'luafile Tests/Helpers/nvim-keys.lua' FILE.md
--
-- It waits for the snippet's server to attach, toggles the item on line 3 with the
-- snippet's key (\x), renames the ID on line 4 with vim.lsp.buf.rename, saves, and
-- writes what it saw to $RESULT as JSON.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h')
local report = dofile(here .. '/nvim-report.lua')
local step = report.step

report.run(function()
  local bufnr = vim.api.nvim_get_current_buf()
  step('filetype', vim.bo[bufnr].filetype)
  local function attached()
    for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if client.server_capabilities ~= nil or client.resolved_capabilities ~= nil then
        return client
      end
    end
  end
  assert(vim.wait(10000, function() return attached() ~= nil end, 20), 'chk did not attach')
  step('attached', attached().name)

  -- The snippet's key, as typed: <leader> is \ by default.
  vim.api.nvim_win_set_cursor(0, { 3, 0 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('\\x', true, false, true), 'mx', false)
  step('toggled', vim.api.nvim_buf_get_lines(bufnr, 2, 3, false)[1])

  -- Rename the ID on line 4: the cursor on its value.
  local line = vim.api.nvim_buf_get_lines(bufnr, 3, 4, false)[1]
  local column = line:find('@id%(') + 3
  vim.api.nvim_win_set_cursor(0, { 4, column })
  vim.lsp.buf.rename('renamed')
  assert(vim.wait(5000, function()
    return vim.api.nvim_buf_get_lines(bufnr, 3, 4, false)[1]:find('@id%(renamed%)') ~= nil
  end, 20), 'the rename did not arrive')
  step('renamed')

  vim.cmd('write')
  step('saved')
  vim.lsp.stop_client(attached().id)
end)
