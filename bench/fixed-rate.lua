-- Fixed-rate load with plain wrk (no hey, no wrk2): every connection waits DELAY_MS
-- before each request, so C connections send at most C × 1000 / DELAY_MS requests/s
-- (a little less, by the latency). wrk's latency figures cover the requests only.
local delay_ms = tonumber(os.getenv("DELAY_MS") or "50")
function delay()
  return delay_ms
end
