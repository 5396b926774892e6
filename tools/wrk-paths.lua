-- wrk's script for bench/traffic.ts: each connection's requests follow a list of paths written by
-- the benchmark (one per line, in the order they are to be requested), shared out between wrk's
-- threads by stride, and the run's figures are printed as one JSON line at the end.
--
--   wrk -t2 -c32 -d20s -s tools/wrk-paths.lua -H 'accept-encoding: …' URL -- PATHS_FILE
--
-- The headers come from wrk's -H flags (wrk.headers), so every request carries them.

local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1], "r"))
  local stride = tonumber(args[2] or "1")
  paths = {}
  local all = {}
  for line in file:lines() do all[#all + 1] = line end
  file:close()
  -- Fewer paths than threads (one URL, say): every thread requests them all.
  if #all < stride then stride = 1; id = 0 end
  for n = id + 1, #all, stride do paths[#paths + 1] = all[n] end
  all = nil
  next_index = 1
  sent = 0
  -- The request line's tail and the headers are the same for every request: joined once here, so
  -- a request costs wrk one string join instead of wrk.format's tables and formats (the load
  -- generator shares the server's two cores, and what it spends is taken from the server).
  local lines = {}
  if not wrk.headers["Host"] then lines[#lines + 1] = "Host: " .. wrk.host end
  for name, value in pairs(wrk.headers) do lines[#lines + 1] = name .. ": " .. value end
  tail = " HTTP/1.1\r\n" .. table.concat(lines, "\r\n") .. "\r\n\r\n"
end

function request()
  local p = paths[next_index]
  next_index = next_index + 1
  if next_index > #paths then next_index = once and #paths or 1 end
  sent = sent + 1
  return "GET " .. p .. tail
end

-- WRK_PATHS_ONCE=1: each path once, for a crawler's mix (a path requested again would be a stored
-- page). A thread whose paths are all answered stops and prints "exhausted"; the benchmark ends
-- the run with SIGINT once every thread has (wrk then reports the time it actually ran). Its
-- other connections may have sent the last path again meanwhile (at most one each), and those are
-- counted. Defined only then: a response hook makes wrk hand every body to Lua.
once = os.getenv("WRK_PATHS_ONCE") == "1"
if once then
  answered = 0
  function response(status, headers, body)
    answered = answered + 1
    if answered == #paths then
      io.write("exhausted\n")
      io.flush()
      wrk.thread:stop()
    end
  end
end

function done(summary, latency, requests)
  local sent = {}
  for _, t in ipairs(threads) do sent[#sent + 1] = tostring(t:get("sent")) end
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"non2xx":%d,"errors":%d,"p50Us":%d,"p99Us":%d,"sent":[%s]}\n',
    summary.requests, summary.duration, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), table.concat(sent, ",")))
end
