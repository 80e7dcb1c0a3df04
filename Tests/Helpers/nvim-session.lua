-- A Neovim session against `chk lsp`, run by Tests/chkTests/NeovimTests.swift:
--
--   CHK=/path/to/chk RESULT=/tmp/result.json nvim --headless -n -i NONE -u NONE \
--     -c 'luafile Tests/Helpers/nvim-session.lua' FILE.md
--
-- It starts the server the way README's "In your editor" configures it, waits for
-- diagnostics, formats the buffer, applies the code action "Check item" on line 3,
-- saves, and writes what it saw to $RESULT as JSON. Works with Neovim 0.7 (Debian 12)
-- and later.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h')
local report = dofile(here .. '/nvim-report.lua')
local step = report.step

report.run(function()
  local bufnr = vim.api.nvim_get_current_buf()
  local config = {
    name = 'chk',
    cmd = { os.getenv('CHK'), 'lsp', '--log', '--verbose', '--debounce', '50' },
    root_dir = vim.fn.getcwd(),
  }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  step('started')
  local client = vim.lsp.get_client_by_id(client_id)
  assert(vim.wait(10000, function() return client.initialized or (client.server_capabilities ~= nil) end, 20),
    'the server did not initialize')
  step('initialized', client.offset_encoding)

  -- Diagnostics arrive without being asked for.
  assert(vim.wait(10000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20),
    'no diagnostics arrived')
  local seen = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(seen, { line = d.lnum, col = d.col, code = d.code, message = d.message })
  end
  table.sort(seen, function(a, b) return a.line < b.line end)
  step('diagnostics', seen)

  -- Formatting: the server's edits, applied by Neovim.
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ timeout_ms = 5000, bufnr = bufnr })
  else
    vim.lsp.buf.formatting_sync(nil, 5000)
  end
  step('formatted')

  -- The code action that checks the item on line 3 (0-based line 2).
  vim.api.nvim_win_set_cursor(0, { 3, 0 })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {} }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 5000)
  local titles, chosen = {}, nil
  for _, response in pairs(responses or {}) do
    for _, action in ipairs(response.result or {}) do
      table.insert(titles, action.title)
      if action.title == 'Check item' then chosen = action end
    end
  end
  step('actions', titles)
  assert(chosen, 'no "Check item" action')
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  step('checked')

  vim.cmd('write')
  step('saved')
  -- Diagnostics after the edits (published again once typing pauses): formatting
  -- changes no meaning, so both findings stay.
  vim.wait(1000, function() return false end, 20)
  local after = {}
  local found = vim.diagnostic.get(bufnr)
  table.sort(found, function(a, b) return a.lnum < b.lnum end)
  for _, d in ipairs(found) do table.insert(after, d.code) end
  step('after', after)

  vim.lsp.stop_client(client_id)
  vim.wait(3000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
  step('stopped')
end)
