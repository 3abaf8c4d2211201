--[[ book.lua - the workbook's pandoc filter (pandoc 2.17, Lua 5.4).

One Markdown source, two editions. Metadata (set by chapters/book.mk):

  edition        student | instructor (required)
  book-page      this page's name, e.g. 03_two_bone (required)
  book-pages     every page of the book in order, space separated (required)
  book-root      repository root, default "."
  book-plots     where the plots issue writes its SVGs, default build/plots
  book-manifest  optional file: one "tree/path#snippet" line per code region
                 pulled in (the tests compare it with the sources)
  book-catalog   what `build/checker --print-catalog` wrote (the sections'
                 checks and the diagnoses), default build/catalog.tsv

What it does:

  * Code by marker (Crafting Interpreters style). A code block with an
    `include` attribute is replaced by code read from the sources:

      ```{.c include="03_two_bone/two_bone.c" snippet="two_bone_solve"}
      ```                      the named region, markers dropped, dedented
      ```{.c include="03_two_bone/two_bone.c" function="two_bone_solve"}
      ```                      the whole function around that region
      ```{.c include="03_two_bone/two_bone.h"}
      ```                      the whole file
      ```{.c include="include/ik_chain.h" start="typedef struct {" end="} ik_chain;"}
      ```                      first line containing `start` through the next
                               line containing `end` (literal text, not lines)
      ```{.c include="include/ikmath.h" lines="30-40"}
      ```                      a line range

    A path whose first part is a section slug (NN_slug/...) is resolved in
    exercises/ for the student edition and in solutions/ for the instructor
    edition, and must exist in BOTH trees (so each edition always builds).
    Other paths are relative to the root and must start with include/.
    A missing file, snippet or anchor stops the build, naming the page, the
    file and the marker.

  * ::: {.checks section="03_two_bone"} :::  the section's checks (name and
    Thai title), from the checker's catalog (see book-catalog).
  * ::: {.diagnoses ids="degrees,nan_acos"} :::  the named mistakes and their
    Thai advice, from the same catalog.
  * ::: {.hints section="03_two_bone"} :::  the section's hints, read from
    checker/sections/<slug>/hints.md (the one home of every hint, also shown by
    `make hint` / watch): hints separated by lines starting with "---", each
    opening with a "# title" line, the rest Markdown. One collapsible
    <details class="hint"> per hint, "คำใบ้ k: title". A missing file or a
    hint without its "# " title stops the build, naming the file.
  * ::: {.details title="..."}  a collapsible <details> block for anything
    else (the instructor's full reference file). ::: {.hint} is refused:
    hints are written in checker/sections/<slug>/hints.md only.
  * ::: {.student-only} / {.instructor-only}  kept in one edition only.
  * ::: {.workbook-only} / {.edition-only}  what is true in the whole
    workbook (make test, SEED, the reference linked) and what is true in
    the student edition made by make classroom: here the first is kept and
    the second dropped; checker/classroom/export.sh drops the first from
    the edition's pages and keeps the second's content.
  * ![caption](plots/NAME.svg)  kept when <book-plots>/NAME.svg exists,
    otherwise replaced by a short note (figures come from a later issue).
  * [text](03_two_bone.md#id)  rewritten to the page's .html (index.html for
    the opening page); a section that is not in the book yet becomes plain
    text with a note; an unknown page stops the build.
  * Every heading needs an explicit ASCII id ({#id}): the build runs with
    -auto_identifiers, and a heading without one stops the build.
  * Sets nav-prev / nav-next / book-nav / edition-label for the template.
]]

local stringify = pandoc.utils.stringify

local meta_vals = {}
local page_file = (PANDOC_STATE.input_files and PANDOC_STATE.input_files[1]) or "?"
local manifest = {}
local seen_ids = {}

local function fail(msg)
  error("\n[book.lua] " .. page_file .. ": " .. msg .. "\n", 0)
end

local function read_file(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function file_exists(path)
  local f = io.open(path, "rb")
  if f then f:close() return true end
  return false
end

local function split_lines(text)
  local lines = {}
  for line in (text .. (text:sub(-1) == "\n" and "" or "\n")):gmatch("(.-)\r?\n") do
    lines[#lines + 1] = line
  end
  return lines
end

local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

-- Plain text to inlines without any Markdown interpretation.
local function text_inlines(text)
  local out = {}
  for word in text:gmatch("%S+") do
    if #out > 0 then out[#out + 1] = pandoc.Space() end
    out[#out + 1] = pandoc.Str(word)
  end
  return out
end

-- ---- metadata ----------------------------------------------------------

local function read_meta(meta)
  local function get(k, default)
    if meta[k] == nil then return default end
    return stringify(meta[k])
  end
  meta_vals.edition = get("edition", nil)
  if meta_vals.edition ~= "student" and meta_vals.edition ~= "instructor" then
    fail("metadata 'edition' must be student or instructor (got " .. tostring(meta_vals.edition) .. ")")
  end
  meta_vals.root = get("book-root", ".")
  meta_vals.plots = get("book-plots", "build/plots")
  meta_vals.page = get("book-page", nil)
  meta_vals.manifest = get("book-manifest", nil)
  meta_vals.catalog = get("book-catalog", "build/catalog.tsv")
  local pages = get("book-pages", nil)
  if not meta_vals.page or not pages then fail("metadata book-page and book-pages are required") end
  meta_vals.pages = {}
  meta_vals.in_book = {}
  for p in pages:gmatch("%S+") do
    meta_vals.pages[#meta_vals.pages + 1] = p
    meta_vals.in_book[p] = true
  end
  if not meta_vals.in_book[meta_vals.page] then fail("book-page " .. meta_vals.page .. " is not in book-pages") end
  meta_vals.tree = meta_vals.edition == "student" and "exercises" or "solutions"
end

local function root_path(rel) return meta_vals.root .. "/" .. rel end

local function page_href(p)
  if p == meta_vals.pages[1] then return "index.html" end
  return p .. ".html"
end

-- ---- code by marker ----------------------------------------------------

-- Returns the lines of `path` (repo-relative) or stops the build.
local function source_lines(rel)
  local text = read_file(root_path(rel))
  if not text then fail("include: file '" .. rel .. "' not found") end
  return split_lines(text)
end

local function find_region(lines, rel, name)
  local first, last
  local open_pat = "/%*%s*@snippet%s+" .. name:gsub("%p", "%%%0") .. "%s*%*/"
  local close_pat = "/%*%s*@end%s+" .. name:gsub("%p", "%%%0") .. "%s*%*/"
  for i, line in ipairs(lines) do
    if line:find(open_pat) then
      if first then fail("snippet '" .. name .. "' opens twice in " .. rel) end
      first = i
    elseif line:find(close_pat) then
      if not first then fail("snippet '" .. name .. "' ends before it starts in " .. rel) end
      if last then fail("snippet '" .. name .. "' ends twice in " .. rel) end
      last = i
    end
  end
  if not first then fail("snippet '" .. name .. "' not found in " .. rel) end
  if not last then fail("snippet '" .. name .. "' has no /* @end " .. name .. " */ in " .. rel) end
  return first, last
end

local function dedent(lines)
  local min
  for _, l in ipairs(lines) do
    if l:find("%S") then
      local ind = #l:match("^ *")
      if not min or ind < min then min = ind end
    end
  end
  min = min or 0
  local out = {}
  for i, l in ipairs(lines) do out[i] = l:sub(min + 1) end
  return out
end

local function is_marker(line)
  return line:find("/%*%s*@snippet%s") or line:find("/%*%s*@end%s")
end

local function slice(lines, a, b, drop_markers)
  local out = {}
  for i = a, b do
    if not (drop_markers and is_marker(lines[i])) then out[#out + 1] = lines[i] end
  end
  return out
end

-- The lines to show for one include, from one file.
local function extract(lines, rel, attrs)
  local snippet, func = attrs.snippet, attrs["function"]
  if snippet and func then fail("include " .. rel .. ": use snippet= or function=, not both") end
  if snippet then
    local a, b = find_region(lines, rel, snippet)
    return dedent(slice(lines, a + 1, b - 1, true))
  end
  if func then
    local a, b = find_region(lines, rel, func)
    -- up to the function's signature: the non-blank lines above the marker
    local s = a
    while s > 1 and lines[s - 1]:find("%S") do s = s - 1 end
    -- down to the function's closing brace
    local e = b
    while e < #lines and not lines[e]:find("^}") do e = e + 1 end
    if not lines[e]:find("^}") then fail("function '" .. func .. "' in " .. rel .. " has no closing brace") end
    return slice(lines, s, e, true)
  end
  if attrs.lines then
    local a, b = attrs.lines:match("^(%d+)%-(%d+)$")
    a, b = tonumber(a), tonumber(b)
    if not a or a < 1 or b < a or b > #lines then
      fail("include " .. rel .. ": bad lines=\"" .. attrs.lines .. "\" (file has " .. #lines .. " lines)")
    end
    return slice(lines, a, b, true)
  end
  if attrs.start or attrs["end"] then
    if not (attrs.start and attrs["end"]) then fail("include " .. rel .. ": start= needs end= (and the reverse)") end
    local a, b
    for i, l in ipairs(lines) do
      if not a and l:find(attrs.start, 1, true) then a = i end
      if a and not b and i >= a and l:find(attrs["end"], 1, true) then b = i end
    end
    if not a then fail("include " .. rel .. ": start marker '" .. attrs.start .. "' not found") end
    if not b then fail("include " .. rel .. ": end marker '" .. attrs["end"] .. "' not found after '" .. attrs.start .. "'") end
    return slice(lines, a, b, true)
  end
  local all = slice(lines, 1, #lines, true)
  while #all > 0 and not all[#all]:find("%S") do all[#all] = nil end
  return all
end

local function code_block(el, solutions_only)
  local attrs = {}
  for k, v in pairs(el.attributes) do attrs[k] = v end
  local rel = attrs.include
  if not rel then
    for _, k in ipairs({"snippet", "function", "lines", "start", "end"}) do
      if attrs[k] then fail("code block has " .. k .. "= but no include=") end
    end
    return nil
  end
  if rel:find("%.%.") or rel:find("^/") then fail("include: path '" .. rel .. "' must be relative, without ..") end
  if rel:find("^exercises/") or rel:find("^solutions/") then
    fail("include: write '" .. rel:gsub("^%a+/", "") .. "' (the edition picks exercises/ or solutions/), not '" .. rel .. "'")
  end
  if trim(el.text) ~= "" then fail("include " .. rel .. ": the code block must be empty") end

  local shown, label
  if rel:find("^%d%d_[%w_]+/") and solutions_only then
    -- inside an instructor-only block of the instructor edition: the
    -- reference may have regions (helpers) that the stub does not
    label = "solutions/" .. rel
    shown = extract(source_lines(label), label, attrs)
  elseif rel:find("^%d%d_[%w_]+/") then
    -- section file: both trees must have it, the edition picks one
    local chosen
    for _, tree in ipairs({"exercises", "solutions"}) do
      local path = tree .. "/" .. rel
      local got = extract(source_lines(path), path, attrs)
      if tree == meta_vals.tree then chosen, label = got, path end
    end
    shown = chosen
  elseif rel:find("^include/") then
    shown, label = extract(source_lines(rel), rel, attrs), rel
  else
    fail("include: '" .. rel .. "' must start with a section slug (NN_slug/) or include/")
  end
  if #shown == 0 then fail("include " .. rel .. ": nothing to show") end

  local region = attrs.snippet or attrs["function"]
  manifest[#manifest + 1] = label .. (region and ("#" .. region) or "")

  for _, k in ipairs({"include", "snippet", "function", "lines", "start", "end"}) do el.attributes[k] = nil end
  el.text = table.concat(shown, "\n")
  local caption = pandoc.Div({pandoc.Plain({pandoc.Code(label .. (region and ("  ›  " .. region) or ""))})},
                             pandoc.Attr("", {"code-source"}))
  return pandoc.Div({caption, el}, pandoc.Attr("", {"code-include"}))
end

-- ---- checks and diagnoses from the checker -----------------------------

-- The checker's own catalogue (build/checker --print-catalog, written by
-- chapters/book.mk to book-catalog): one record a line, tab-separated, the
-- kind first; \t, \n and \\ inside a field. The book parses no C.
local catalog
local function load_catalog()
  if catalog then return catalog end
  local rel = meta_vals.catalog
  local text = read_file(rel)
  if not text then fail("the checker's catalog '" .. rel .. "' not found (make book writes it with build/checker --print-catalog)") end
  catalog = {checks = {}, diagnoses = {}}
  local unescape = {n = "\n", t = "\t", ["\\"] = "\\"}
  for _, line in ipairs(split_lines(text)) do
    local f = {}
    for field in (line .. "\t"):gmatch("([^\t]*)\t") do
      f[#f + 1] = field:gsub("\\(.)", unescape)
    end
    if f[1] == "check" then
      local list = catalog.checks[f[2]] or {}
      list[#list + 1] = {name = f[3], title = f[4], title_en = f[5]}
      catalog.checks[f[2]] = list
    elseif f[1] == "diagnosis" then
      catalog.diagnoses[f[2]] = {sections = f[3], advice = f[5], advice_en = f[6]}
    end
  end
  return catalog
end

local function checks_div(el)
  local slug = el.attributes.section
  if not slug or not slug:find("^%d%d_[%w_]+$") then fail("::: checks needs section=\"NN_slug\"") end
  local checks = load_catalog().checks[slug]
  if not checks then fail("checks: section '" .. slug .. "' is not in the checker's catalog (" .. meta_vals.catalog .. ")") end
  local rows = {}
  for _, c in ipairs(checks) do
    rows[#rows + 1] = {{pandoc.Plain({pandoc.Code(c.name)})}, {pandoc.Plain(text_inlines(c.title))}}
  end
  local head = {{pandoc.Plain(text_inlines("ชื่อ check"))}, {pandoc.Plain(text_inlines("สิ่งที่ตรวจ"))}}
  local st = pandoc.SimpleTable({}, {pandoc.AlignDefault, pandoc.AlignDefault}, {0, 0}, head, rows)
  local blocks = {pandoc.utils.from_simple_table(st)}
  manifest[#manifest + 1] = "checker/sections/" .. slug .. "/suite.c#checks"
  return pandoc.Div(blocks, pandoc.Attr("", {"checks"}))
end

local function diagnoses_div(el)
  local ids = el.attributes.ids
  if not ids then fail("::: diagnoses needs ids=\"a,b\"") end
  local items = {}
  for id in ids:gmatch("[^,%s]+") do
    local d = load_catalog().diagnoses[id]
    if not d then fail("diagnoses: id '" .. id .. "' is not in the checker's catalog (" .. meta_vals.catalog .. ")") end
    items[#items + 1] = {{pandoc.Code(id)}, {{pandoc.Plain(text_inlines(d.advice))}}}
  end
  return pandoc.Div({pandoc.DefinitionList(items)}, pandoc.Attr("", {"diagnoses"}))
end

-- Runs as its own pass first, so nothing inside a dropped block is read.
-- Code inside an instructor-only block is resolved here, against solutions/
-- alone (the student edition never gets that far).
local function edition_div(el)
  if el.classes:includes("workbook-only") then return el.content end
  if el.classes:includes("edition-only") then return {} end
  if el.classes:includes("student-only") then
    if meta_vals.edition ~= "student" then return {} end
    return el.content
  end
  if el.classes:includes("instructor-only") then
    if meta_vals.edition ~= "instructor" then return {} end
    local kept = pandoc.walk_block(pandoc.Div(el.content), {
      CodeBlock = function(cb) return code_block(cb, true) end,
    })
    return kept.content
  end
  return nil
end

-- ---- figures -----------------------------------------------------------

local function para(el)
  if #el.content ~= 1 or el.content[1].t ~= "Image" then return nil end
  local img = el.content[1]
  local name = img.src:match("^plots/([%w_%-%.]+%.svg)$")
  if not name then
    if img.src:find("^plots/") then fail("figure '" .. img.src .. "': expected plots/NAME.svg") end
    return nil
  end
  if file_exists(root_path(meta_vals.plots .. "/" .. name)) then
    manifest[#manifest + 1] = "plots/" .. name
    return nil
  end
  local note = {pandoc.Emph(text_inlines("[รูป " .. stringify(img.caption) .. " ยังไม่มี:"))}
  note[#note + 1] = pandoc.Space()
  note[#note + 1] = pandoc.Code(meta_vals.plots .. "/" .. name)
  note[#note + 1] = pandoc.Space()
  note[#note + 1] = pandoc.Emph(text_inlines("จะถูกสร้างโดยงานทำรูป (plots) ภายหลัง]"))
  return pandoc.Div({pandoc.Para(note)}, pandoc.Attr("", {"figure-missing"}))
end

-- ---- links and headings ------------------------------------------------

local function link(el)
  local target = el.target
  local page, frag = target:match("^([%w_]+)%.md(#?.*)$")
  if not page then return nil end
  if meta_vals.in_book[page] then
    el.target = page_href(page) .. frag
    return el
  end
  if page:find("^%d%d_") and (file_exists(root_path("checker/sections/" .. page))
                              or file_exists(root_path("chapters/" .. page .. ".md"))) then
    -- a section the book does not carry yet: text now, a link once it is added
    local out = {}
    for _, x in ipairs(el.content) do out[#out + 1] = x end
    out[#out + 1] = pandoc.Space()
    out[#out + 1] = pandoc.Emph(text_inlines("(ยังไม่มีในเล่ม)"))
    return out
  end
  fail("link to unknown page '" .. target .. "'")
end

local function header(el)
  local id = el.identifier
  if id == "" then
    fail("heading '" .. stringify(el.content) .. "' has no explicit id: write  {#ascii-id}  after it")
  end
  if not id:find("^[A-Za-z][A-Za-z0-9_%-]*$") then
    fail("heading id '" .. id .. "' must be ASCII letters, digits, - or _")
  end
  if seen_ids[id] then fail("heading id '" .. id .. "' used twice") end
  seen_ids[id] = true
  return nil
end

-- ---- math ------------------------------------------------------------------

-- Chromium spaces a leading minus like a binary one ("( − 0.2)"): mark every
-- unary minus (after an opening bracket, a comma, '=' or at the start) as an
-- ordinary symbol, which renders as "(−0.2)".
local function math(el)
  local t = el.text:gsub("^(%s*)%-", "%1\\mathord{-}")
  t = t:gsub("([%(%[{,=]%s*)%-", "%1\\mathord{-}")
  t = t:gsub("(\\[ ,;:]%s*)%-", "%1\\mathord{-}")
  el.text = t
  return el
end

-- ---- collapsible blocks and hints ------------------------------------

local function details_div(el)
  local title = el.attributes.title
  if not title or trim(title) == "" then fail("::: details needs title=\"...\"") end
  local open = pandoc.RawBlock("html", '<details class="hint"><summary>'
    .. title:gsub("&", "&amp;"):gsub("<", "&lt;") .. "</summary>")
  local blocks = {open}
  for _, b in ipairs(el.content) do blocks[#blocks + 1] = b end
  blocks[#blocks + 1] = pandoc.RawBlock("html", "</details>")
  return blocks
end

-- ---- hints from checker/sections/<slug>/hints.md ----------------------

-- The hints of a file as {title = "...", body = "..."} in file order:
-- blocks separated by lines starting with "---" (as watch.c splits them),
-- each opening (after blank lines) with a "# title" line.
local function parse_hints(text, rel)
  local chunks, cur = {}, {}
  for _, line in ipairs(split_lines(text)) do
    if line:find("^%-%-%-") then
      chunks[#chunks + 1] = cur
      cur = {}
    else
      cur[#cur + 1] = line
    end
  end
  chunks[#chunks + 1] = cur
  local hints = {}
  for k, lines in ipairs(chunks) do
    local i = 1
    while i <= #lines and not lines[i]:find("%S") do i = i + 1 end
    local title = lines[i] and lines[i]:match("^#%s+(.-)%s*$")
    if not title or title == "" then
      fail("hints: hint " .. k .. " in " .. rel .. " has no title: its first line must be  # <title>"
        .. (lines[i] and (" (found: " .. lines[i] .. ")") or " (the hint is empty)"))
    end
    local body = table.concat(lines, "\n", i + 1)
    if not body:find("%S") then fail("hints: hint " .. k .. " ('" .. title .. "') in " .. rel .. " has no text") end
    hints[#hints + 1] = {title = title, body = body}
  end
  return hints
end

-- Markdown of a hint as blocks, with the page's own treatment of math and
-- links (the elements built here are not walked again by this pass).
local function hint_blocks(markdown, rel, what)
  local blocks = pandoc.read(markdown, "markdown-auto_identifiers").blocks
  local problem -- the first one; raised after the walk, so the message stays plain
  local walked = pandoc.walk_block(pandoc.Div(blocks), {
    Header = function(h)
      problem = problem or ("hints: " .. what .. " in " .. rel .. " has a heading ('" .. stringify(h.content)
        .. "'): only its first line may start with #")
    end,
    Math = math,
    Link = function(l)
      local ok, result = pcall(link, l)
      if ok then return result end
      problem = problem or (tostring(result):gsub("^%s*%[book%.lua%][^:]*:%s*", ""):gsub("%s+$", "")
        .. " (in " .. what .. " of " .. rel .. ")")
    end,
  })
  if problem then fail(problem) end
  return walked.content
end

local function hints_div(el)
  local slug = el.attributes.section
  if not slug or not slug:find("^%d%d_[%w_]+$") then fail("::: hints needs section=\"NN_slug\"") end
  if #el.content > 0 then fail("::: hints section=\"" .. slug .. "\" must be empty (the hints live in checker/sections/" .. slug .. "/hints.md)") end
  local rel = "checker/sections/" .. slug .. "/hints.md"
  local text = read_file(root_path(rel))
  if not text then fail("hints: '" .. rel .. "' not found") end
  local out = {}
  for k, h in ipairs(parse_hints(text, rel)) do
    local what = "hint " .. k .. " ('" .. h.title .. "')"
    local summary = {pandoc.RawInline("html", '<details class="hint"><summary>'),
                     pandoc.Str("คำใบ้"), pandoc.Space(), pandoc.Str(k .. ":"), pandoc.Space()}
    local title_blocks = hint_blocks(h.title, rel, what)
    if #title_blocks ~= 1 or not (title_blocks[1].t == "Para" or title_blocks[1].t == "Plain") then
      fail("hints: the title of " .. what .. " in " .. rel .. " must be one line of text")
    end
    for _, x in ipairs(title_blocks[1].content) do summary[#summary + 1] = x end
    summary[#summary + 1] = pandoc.RawInline("html", "</summary>")
    out[#out + 1] = pandoc.Plain(summary)
    for _, b in ipairs(hint_blocks(h.body, rel, what)) do out[#out + 1] = b end
    out[#out + 1] = pandoc.RawBlock("html", "</details>")
  end
  manifest[#manifest + 1] = rel .. "#hints"
  return pandoc.Div(out, pandoc.Attr("", {"hints"}))
end

-- ::: {.live-figure section="NN_slug"}: the section's live figure
-- (chapters/live/live.js fills it from live/NN_slug.js, made by make live);
-- the page then loads live/live.js. What the div holds is shown until the
-- script replaces it.
local live_page = false
local function live_div(el)
  local slug = el.attributes["section"]
  if not slug or not slug:match("^%d%d_[a-z_]+$") then
    fail("::: {.live-figure} needs section=\"NN_slug\"")
  end
  live_page = true
  return el
end

local function div(el)
  if el.classes:includes("live-figure") then return live_div(el) end
  if el.classes:includes("checks") then return checks_div(el) end
  if el.classes:includes("diagnoses") then return diagnoses_div(el) end
  if el.classes:includes("hints") then return hints_div(el) end
  if el.classes:includes("details") then return details_div(el) end
  if el.classes:includes("hint") then
    fail("::: {.hint} is gone: write hints in checker/sections/<slug>/hints.md and show them with"
      .. "  ::: {.hints section=\"NN_slug\"}  (use {.details title=...} for other collapsible blocks)")
  end
  return nil
end

-- ---- navigation (needs every page's title) -----------------------------

-- A page's title from its YAML header (only the title is parsed: reading
-- every page in full for every page built would be slow).
local title_cache = {}
local function page_title(p)
  if title_cache[p] then return title_cache[p] end
  local text = read_file(root_path("chapters/" .. p .. ".md"))
  if not text then fail("book page chapters/" .. p .. ".md not found") end
  local front = text:match("^%-%-%-\r?\n(.-)\r?\n%-%-%-")
  local raw = front and ("\n" .. front .. "\n"):match("\ntitle:%s*(.-)%s*\n")
  if not raw or raw == "" then fail("chapters/" .. p .. ".md has no title: line in its YAML header") end
  local meta = pandoc.read("---\ntitle: " .. raw .. "\n---\n", "markdown").meta
  if not meta.title then fail("chapters/" .. p .. ".md: cannot read its title") end
  title_cache[p] = meta.title
  return meta.title
end

local function set_nav(meta)
  local idx
  for i, p in ipairs(meta_vals.pages) do if p == meta_vals.page then idx = i end end
  local items = {}
  for i, p in ipairs(meta_vals.pages) do
    local title = page_title(p)
    local inl = {pandoc.Link(title, page_href(p))}
    if i == idx then inl = {pandoc.Strong(title)} end
    items[#items + 1] = {pandoc.Plain(inl)}
  end
  meta["book-nav"] = pandoc.MetaBlocks({pandoc.BulletList(items)})
  if idx > 1 then
    local p = meta_vals.pages[idx - 1]
    meta["nav-prev"] = pandoc.MetaMap({href = pandoc.MetaString(page_href(p)), title = page_title(p)})
  end
  if idx < #meta_vals.pages then
    local p = meta_vals.pages[idx + 1]
    meta["nav-next"] = pandoc.MetaMap({href = pandoc.MetaString(page_href(p)), title = page_title(p)})
  end
  meta["nav-index"] = pandoc.MetaString(page_href(meta_vals.pages[1]))
  meta["edition-label"] = pandoc.MetaString(meta_vals.edition == "student"
    and "ฉบับผู้เรียน (student edition)" or "ฉบับผู้สอน (instructor edition) — มีเฉลย")
  meta["edition-" .. meta_vals.edition] = pandoc.MetaBool(true)
  if live_page then meta["live-figures"] = pandoc.MetaBool(true) end
  return meta
end

local function write_manifest()
  if not meta_vals.manifest then return end
  local f = io.open(meta_vals.manifest, "w")
  if not f then fail("cannot write manifest " .. meta_vals.manifest) end
  for _, line in ipairs(manifest) do f:write(line, "\n") end
  f:close()
end

return {
  {Meta = function(meta) read_meta(meta) end},
  {Div = edition_div},
  {
    Header = header,
    CodeBlock = code_block,
    Div = div,
    Para = para,
    Link = link,
    Math = math,
  },
  {Meta = function(meta) write_manifest() return set_nav(meta) end},
}
