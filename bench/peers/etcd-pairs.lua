-- wrk script: etcd LeaseGrant / LeaseRevoke pairs through the JSON gateway: each connection grants
-- a lease and revokes it with its next request. etcd has no seat count, so this measures the cost
-- of taking and giving back a lease, not a counting semaphore.
-- Usage: wrk ... -s etcd-pairs.lua URL [-- TTL_SECONDS]
local ttl = 60
local to_revoke = {}
granted, revoked, other = 0, 0, 0
local headers = { ["Content-Type"] = "application/json" }

function setup(thread)
    threads = threads or {}
    table.insert(threads, thread)
end

function init(args)
    ttl = tonumber(args[1] or "60")
end

function request()
    local lease = table.remove(to_revoke)
    if lease then
        return wrk.format("POST", "/v3/lease/revoke", headers, '{"ID":"' .. lease .. '"}')
    end
    return wrk.format("POST", "/v3/lease/grant", headers, '{"TTL":' .. ttl .. '}')
end

function response(status, headers, body)
    if status ~= 200 then
        other = other + 1
        return
    end
    local lease = body:match('"ID"%s*:%s*"(%d+)"')
    if lease then
        granted = granted + 1
        table.insert(to_revoke, lease)
    else
        revoked = revoked + 1
    end
end

function done(summary, latency, requests)
    local g, r, o = 0, 0, 0
    for _, thread in ipairs(threads) do
        g = g + thread:get("granted")
        r = r + thread:get("revoked")
        o = o + thread:get("other")
    end
    io.write(string.format("PAIRS granted=%d refused=0 released=%d other=%d\n", g, r, o))
end
