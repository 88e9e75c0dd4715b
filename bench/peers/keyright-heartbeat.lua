-- wrk script: keyright heartbeats spread over the leases listed in a file, one line per lease:
-- "<licenseId> <seatId> <licenseKey>" (written by bench/peers/setup.py).
-- Usage: wrk ... -s keyright-heartbeat.lua URL -- LEASES_FILE
local leases = {}
local next_index = 0

function init(args)
    for line in io.lines(args[1]) do
        local license, seat, key = line:match("^(%S+)%s+(%S+)%s+(%S+)$")
        if license then
            leases[#leases + 1] = {
                path = "/v1/licenses/" .. license .. "/seats/" .. seat .. "/heartbeat",
                headers = { ["Authorization"] = "License " .. key },
            }
        end
    end
    assert(#leases > 0, "no leases in " .. args[1])
    -- Threads start at different places so they do not renew the same lease in lockstep.
    next_index = (id or 0) * math.floor(#leases / 2)
end

function setup(thread)
    thread_count = (thread_count or 0)
    thread:set("id", thread_count)
    thread_count = thread_count + 1
end

function request()
    next_index = next_index % #leases + 1
    local lease = leases[next_index]
    return wrk.format("POST", lease.path, lease.headers, "")
end
