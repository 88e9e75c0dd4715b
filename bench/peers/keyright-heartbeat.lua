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
    all_threads = all_threads or {}
    all_threads[#all_threads + 1] = thread
    thread_count = (thread_count or 0)
    thread:set("id", thread_count)
    thread_count = thread_count + 1
end

-- With KEYRIGHT_IDLE_MS set, every heartbeat tells the holder's activity (issue 26) as a keeper
-- that notes it does: {"idleMs": N}; otherwise the empty body of a client that does not.
local idle_ms = os.getenv("KEYRIGHT_IDLE_MS")
local body = ""
if idle_ms and idle_ms ~= "" then
    body = '{"idleMs":' .. idle_ms .. '}'
end

function request()
    next_index = next_index % #leases + 1
    local lease = leases[next_index]
    return wrk.format("POST", lease.path, lease.headers, body)
end

-- With KEYRIGHT_ACKED_OUT set, every renewal the server acknowledged (200) is remembered, the
-- latest expiresAt per seat, and written to that file at the end, one "<seatId> <expiresAt>" a
-- line: what the database must hold after a kill -9 (bench/run-pg-bench.sh checks it).
local acked_out = os.getenv("KEYRIGHT_ACKED_OUT")
if acked_out and acked_out ~= "" then
    acked = {}
    function response(status, headers, body)
        if status ~= 200 then
            return
        end
        local seat = body:match('"seatId"%s*:%s*"([^"]+)"')
        local expires = body:match('"expiresAt"%s*:%s*"([^"]+)"')
        -- Timestamps of one format compare as strings.
        if seat and expires and (acked[seat] == nil or acked[seat] < expires) then
            acked[seat] = expires
        end
    end

    function done(summary, latency, requests)
        local latest = {}
        for _, thread in ipairs(all_threads or {}) do
            for seat, expires in pairs(thread:get("acked") or {}) do
                if latest[seat] == nil or latest[seat] < expires then
                    latest[seat] = expires
                end
            end
        end
        local file = assert(io.open(acked_out, "w"))
        for seat, expires in pairs(latest) do
            file:write(seat, " ", expires, "\n")
        end
        file:close()
    end
end
