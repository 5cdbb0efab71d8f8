-- The dashboard's polling mix: the four polled endpoints in turn.
local year = os.getenv("TAX_YEAR") or "2025"
local paths = {
  "/api/user?taxYear=" .. year,
  "/api/notifications",
  "/api/tax-status?taxYear=" .. year,
  "/api/files?taxYear=" .. year,
}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
