-- wrk script: keyright checkout/release pairs. Each connection checks a seat out and, once it is
-- granted, releases it with its next request; a refused checkout (409, pool full) is followed by
-- another checkout. Licenses come from a file, one "<licenseId> <licenseKey>" per line, and are
-- used round-robin. Counts of granted / refused / released / other answers are printed at the end.
-- Usage: wrk ... -s keyright-pairs.lua URL -- LICENSES_FILE
local licenses = {}
local by_id = {}
local next_license = 0
local to_release = {}
granted, refused, released, other = 0, 0, 0, 0
local holder_prefix

function setup(thread)
    thread_count = (thread_count or 0)
    thread:set("id", thread_count)
    thread_count = thread_count + 1
    threads = threads or {}
    table.insert(threads, thread)
end

function init(args)
    for line in io.lines(args[1]) do
        local license, key = line:match("^(%S+)%s+(%S+)$")
        if license then
            licenses[#licenses + 1] = {
                id = license,
                checkout = "/v1/licenses/" .. license .. "/checkout",
                headers = { ["Authorization"] = "License " .. key, ["Content-Type"] = "application/json" },
            }
        end
    end
    assert(#licenses > 0, "no licenses in " .. args[1])
    for _, license in ipairs(licenses) do
        by_id[license.id] = license
    end
    next_license = (id or 0) * 7
    holder_prefix = "bench-" .. (id or 0)
end

function request()
    local seat = table.remove(to_release)
    if seat then
        return wrk.format("DELETE", "/v1/licenses/" .. seat.license.id .. "/seats/" .. seat.id, seat.license.headers)
    end
    next_license = next_license % #licenses + 1
    local license = licenses[next_license]
    return wrk.format("POST", license.checkout, license.headers,
        '{"holder":"' .. holder_prefix .. "@" .. license.id .. '"}')
end

function response(status, headers, body)
    if status == 201 then
        granted = granted + 1
        local license_id = body:match('"licenseId"%s*:%s*"([^"]+)"')
        local seat_id = body:match('"seatId"%s*:%s*"(%x+)"')
        -- response() does not say which request it answers; the lease in the body names its
        -- license, and any connection of this thread may send the release.
        local license = by_id[license_id]
        if seat_id and license then
            table.insert(to_release, { license = license, id = seat_id })
        end
    elseif status == 409 then
        refused = refused + 1
    elseif status == 204 then
        released = released + 1
    else
        other = other + 1
    end
end

function done(summary, latency, requests)
    local g, f, r, o = 0, 0, 0, 0
    for _, thread in ipairs(threads) do
        g = g + thread:get("granted")
        f = f + thread:get("refused")
        r = r + thread:get("released")
        o = o + thread:get("other")
    end
    io.write(string.format("PAIRS granted=%d refused=%d released=%d other=%d\n", g, f, r, o))
end
