-- wrk script: etcd LeaseKeepAlive through the JSON gateway, spread over the lease ids listed in a
-- file (one decimal id per line, written by bench/peers/setup.py).
-- Usage: wrk ... -s etcd-keepalive.lua URL -- LEASES_FILE
local bodies = {}
local next_index = 0
local headers = { ["Content-Type"] = "application/json" }

function setup(thread)
    thread_count = (thread_count or 0)
    thread:set("id", thread_count)
    thread_count = thread_count + 1
end

function init(args)
    for line in io.lines(args[1]) do
        local id = line:match("^(%d+)$")
        if id then
            -- The id as a JSON string: it does not fit a double, and the gateway accepts both.
            bodies[#bodies + 1] = '{"ID":"' .. id .. '"}'
        end
    end
    assert(#bodies > 0, "no lease ids in " .. args[1])
    next_index = (id or 0) * math.floor(#bodies / 2)
end

function request()
    next_index = next_index % #bodies + 1
    return wrk.format("POST", "/v3/lease/keepalive", headers, bodies[next_index])
end
