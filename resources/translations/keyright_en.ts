<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB">
    <context>
        <name>ConnectionProfileStore</name>
        <message>
            <source>Cannot create the folder %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The profile has no admin token</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Enter the server URL.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>"%1" is not a server URL: use http:// or https:// followed by a host.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 is listed twice.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>DisputeReconstruction</name>
        <message>
            <source>Denied to %1: an admin blocked this holder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denied to %1: an admin blocked this holder until %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denied to %1: the holder matches the deny entry %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denied to %1: the holder is not on the allow list</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denied to %1: the holder is not on the allow list (%2)</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>Denied to %1: %2 already holds its cap of %n seat(s)</source>
            <translation>
                <numerusform>Denied to %1: %2 already holds its cap of %n seat</numerusform>
                <numerusform>Denied to %1: %2 already holds its cap of %n seats</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Denied to %1: %2 of %3 seats in use and the other %n are reserved for %4 (idle)</source>
            <translation>
                <numerusform>Denied to %1: %2 of %3 seats in use and the other %n is reserved for %4 (idle)</numerusform>
                <numerusform>Denied to %1: %2 of %3 seats in use and the other %n are reserved for %4 (idle)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Denied to %1: all %n seat(s) in use</source>
            <translation>
                <numerusform>Denied to %1: the only seat is in use</numerusform>
                <numerusform>Denied to %1: all %n seats in use</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Denied to %1: %2 of %n seat(s) in use and none free for this holder</source>
            <translation>
                <numerusform>Denied to %1: %2 of %n seat in use and none free for this holder</numerusform>
                <numerusform>Denied to %1: %2 of %n seats in use and none free for this holder</numerusform>
            </translation>
        </message>
        <message>
            <source>Seat rules at that moment: as changed at %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat rules at that moment: the license's current rules (no change in the loaded events).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat rules at that moment: not known (they changed later and no earlier change is loaded).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The loaded events do not reproduce the server's decision: the sentence follows the server's record, and the reconstruction is incomplete.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>LanguageManager</name>
        <message>
            <source>System language</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ReplicasPresets</name>
        <message>
            <source>Partition and reconnection</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Three replicas start empty and connected. Watch the three columns: the G-Counter map, and the two naive rules fed with exactly the same messages.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Before the cut, alice and bob each add 1. Each knows only its own increment.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Both take a snapshot: a copy of their state, now waiting in the transit list.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Everything is delivered. The maps agree on alice 1, bob 1: total 2. The naive maximum already shows 1: of two equal totals it keeps one.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The network is cut. Nobody waits: alice adds 1, bob adds 2, carol adds 1. Each total is right for what its replica knows, and none is the true total of 6.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Snapshots taken during the cut wait in transit: nothing has been merged yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The link is back. alice's snapshot arrives first. bob and carol keep, for each writer, the larger count: nothing is counted twice. The naive sum adds alice's whole total, including the part they already had.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>carol's snapshot overtakes bob's: the order of arrival does not matter to the maps.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>bob's snapshot arrives last. Every map is now alice 2, bob 3, carol 1: total 6 everywhere.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The network delivers bob's snapshot to alice a second time. The map does not move; the naive sum counts bob's contributions once more. The naive maximum stays at 3 and has lost three increments.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Relay through a third replica</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>carol will never receive anything from alice. Can she still learn about alice's increments?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice adds 2, bob adds 1, carol adds nothing.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>bob takes a snapshot, then receives alice's. He now knows alice 2, bob 1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>carol receives bob's early snapshot: she learns bob 1 and nothing about alice. A snapshot is a copy; it does not follow what bob learns afterwards.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>bob's new snapshot carries what he merged. carol now knows alice 2 without ever hearing from her.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The same snapshot reaches alice. All three maps are alice 2, bob 1: total 3. The naive sum shows 5 at alice: her own increments came back to her through bob.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stale snapshot after convergence</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>An old snapshot can arrive long after newer ones. Should a replica ignore it?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice adds 2, bob adds 1 and sends his snapshot to alice: she knows alice 2, bob 1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice takes a snapshot, "old". The network holds it back.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Both add 1 more and exchange fresh snapshots: alice and bob agree on alice 3, bob 2, total 5.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A duplicate of bob's snapshot reaches alice: the map does not change.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The old snapshot finally reaches bob: alice 2, bob 1. For each writer the larger count wins, so bob stays at alice 3, bob 2. The naive sum has now counted far more than 5.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The same old snapshot is news for carol, who had nothing: she learns alice 2, bob 1. An old message is not useless; it only never takes anything away.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>bob's fresh snapshot reaches carol: total 5 on every replica.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Restart under the same id</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A replica's state lives in memory. What if alice restarts from zero and keeps her old id?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice adds 2 and sends her snapshot: bob knows alice 2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice's process restarts with an empty state, under the same id "alice".</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice adds 1. Her map says alice 1, although alice has counted 3 in all.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>bob receives alice 1. He already holds alice 2, and the larger count wins: the new increment vanishes. The true total is 3; bob shows 2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>bob's snapshot brings alice 2 back to alice, which hides her own new increment: one increment is lost for good, on every replica. Compare with the restart under a new identity.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Restart with a new identity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The same story, but alice restarts under a new id, as a lost data directory must.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice's process restarts with an empty state and a new id, "alice-2".</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice adds 1, under her new id: alice-2 1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>bob keeps alice 2 and adds a component alice-2 1: total 3, nothing lost.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>alice learns her old incarnation's count back from bob: total 3 on both. A new identity costs one more entry in the map and loses nothing.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>RoleLabel</name>
        <message>
            <source>viewer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>operator</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>admin</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ScenarioPreset</name>
        <message>
            <source>1. Fast clock</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>2. Slow clock, network cut</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>3. Crash</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>4. Flaky network</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>5. Clock rollback</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>6. Skew tolerance</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Fast, signed expiry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Fast, monotonic</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Both machines run %1 ahead of the server. The signed-expiry client compares the server's expiry with its own fast clock, so it decides its lease is over before its next heartbeat: it gives the seat back and checks out a new one. Watch the re-acquire marks on its strip: each one is an extra checkout, but the old seat is released first, so the server never counts two seats for it and the user loses nothing. The monotonic client measures the lease with a stopwatch instead of the wall clock and is not affected at all.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slow, signed expiry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slow, monotonic</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Both machines run %1 behind the server, and both lose the network just after a heartbeat. The server stops counting their seats on time, at the signed expiry plus the skew, whatever the clients believe: watch the server column turn to "expired" and later "reaped". The signed-expiry client keeps acting for %1 more, because its slow clock has not reached the expiry yet: the red stretch on its strip is time spent working without a seat. The monotonic client stops on time.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Crashes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Keeps running</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>One application crashes without releasing its seat. Nobody tells the server, and nobody has to: the seat stays taken only until its signed expiry plus the skew, at most one TTL plus the skew after the last heartbeat, then it counts as free again. The row is deleted later, after the reap grace, by the server's reaper (it runs every few seconds on the real server, so the "reaped" mark can come a little after the grace). The other client keeps beating undisturbed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Flaky, monotonic</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Flaky, signed expiry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The network drops twice, each time for %1, less than the lease has left to run. Heartbeats fail (the "beat lost" marks) but the held lease is still live, so the keeper simply tries again when the network is back. The application never stops and the server never frees the seat: a lost request is not a lost lease.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rolls back, signed expiry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rolls back, monotonic</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Colleague %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The pool is full and two colleagues are waiting for a seat. Two users go offline and set their clocks back two minutes, hoping to stretch their leases. The server does not care: it frees both seats at the signed expiry plus the skew, and the waiting colleagues take them. Offline, the signed-expiry client is fooled and keeps working on its stale lease (red on its strip); the monotonic client is not. When the network comes back, the server answers "seat lost" and refuses a new checkout because the pool is full: only the server's signature ever moves an expiry, and no lease it did not sign appears anywhere.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slow, skew 5 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Waiting (skew 5 s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Slow, skew 0</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Waiting (skew 0)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Two one-seat licenses, identical except for the skew: 5 s on one, zero on the other. On each, a client whose clock is 4 s slow holds the seat and loses its network, and a colleague waits for the seat. With a skew of 5 s the server keeps counting the seat for as long as the slow client can still be acting, so the colleague only gets it afterwards. With a skew of zero the colleague gets the seat while the slow client still works for a few seconds: two people on one seat, the double use the skew tolerance is there to absorb.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>There is no scenario %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>7. The server's clock jumps</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Waiting colleague</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Three holders fill the pool and a colleague waits for a seat. Then the server's own clock jumps ten minutes forward, and later ten minutes back, as when someone sets the server's time by hand. Going by its wall clock, the server would think every lease ran out at once and hand the seats to the colleague while their holders still work. It does not: it sees each jump (a "clock jumped" event), keeps measuring leases with real elapsed time, and never signs an expiry earlier than one it already signed. Every holder keeps its seat, the colleague keeps waiting, and a crashed holder's seat would still come back one TTL plus the skew after its last heartbeat.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>8. An instance dies</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Desk %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Three instances of the server share one database, and the four desks are spread over them: each row says which instance it talks to. A little later the busiest instance dies, as if its process were killed: its port closes and its connections are cut. Each of its desks sends its next heartbeat there, finds nobody, and sends the same heartbeat to the next instance at once: the row moves (the ⇄ mark on its strip) within one heartbeat, its lease never lapses, and the seat count stays where it was: no seat lost, none counted twice, because every instance reads the same seats. Later the instance comes back and nothing changes: the desks stay where they are. You can also kill and bring back an instance yourself with the instance buttons (Ctrl+1 to Ctrl+3); no confirmation is asked, this is a sandbox.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::AdminClient</name>
        <message>
            <source>%1 signs with another key than the other instances; it is not used</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>every server instance was refused: they sign with different keys</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::ClientRow</name>
        <message>
            <source>on time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s fast</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s slow</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>This machine's clock offset from the server, in seconds. Drag it while the client runs to make its clock jump.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Local clock</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Server clock</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Signed expiry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Client</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Crash</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stop without releasing the seat, as a crashed application would.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Release</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Give the seat back, as a closing application does.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Remove</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Release the seat and take this client off the simulation.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Monotonic (stopwatch)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Signed expiry (wall clock)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cut %1 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Every request of this client fails as if the cable were pulled, for %1 seconds of simulated time.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>−%1 min</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Set this machine's clock back by %1 minutes: the rollback trick.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not started</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>checking out…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>live · acting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>lapsed · re-acquiring</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>lapsed · degraded</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>crashed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>released · stopped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no seat</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>live · counted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>expired · awaiting reap</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>released</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>reaped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>revoked</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>row gone</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (old)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>offline %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Instance %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::ConnectionDialog</name>
        <message>
            <source>Token &amp;file:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Paste the token:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Save</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Connect</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Connect to a lease server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>https://licenses.example.com:7400</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server's admin-token file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>64 hex characters</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Browse…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Server &amp;URL:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;New</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Use the &amp;embedded demo server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Admin token file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>stored privately; type a new one to replace it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The token is kept in a private file and is not shown.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Give the profile a name.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Paste the admin token, or choose the token file.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not store the token: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Choose the admin token file, or paste the token.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>One server, or every instance of one site separated by commas: the dashboard uses whichever answers.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 instances of one site; the dashboard uses whichever answers.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::DashboardSession</name>
        <message>
            <source>Server unreachable: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>TLS error: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Unauthorized: the server refused the admin token. Check the connection profile.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server failed (HTTP %1): %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Unexpected answer from the server: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Request failed (HTTP %1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Not allowed: this needs the %1 role, and this token has the %2 role.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Token revoked: the server no longer accepts the token "%1". Ask an admin for a new one and connect with it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No answer after the command was sent (%1): it may have happened; refreshed.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::DisputePanel</name>
        <message numerus="yes">
            <source>%1 (%n seat(s))</source>
            <translation>
                <numerusform>%1 (%n seat)</numerusform>
                <numerusform>%1 (%n seats)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %5&lt;/b&gt; seats were held, by %n holder(s): %6.</source>
            <translation>
                <numerusform>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %5&lt;/b&gt; seats were held, by %n holder: %6.</numerusform>
                <numerusform>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %5&lt;/b&gt; seats were held, by %n holders: %6.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) granted earlier were never released: their applications stopped without releasing; they no longer counted.</source>
            <translation>
                <numerusform>%n seat granted earlier was never released: its application stopped without releasing; it no longer counted.</numerusform>
                <numerusform>%n seats granted earlier were never released: their applications stopped without releasing; they no longer counted.</numerusform>
            </translation>
        </message>
        <message>
            <source>Select a &lt;b&gt;denied&lt;/b&gt; event to see who held every seat at that moment.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 held %2 seats at once: one per running instance, or seats left by sessions that did not end.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not counted: lapsed without a release</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>counted within the skew tolerance</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>granted before the loaded events</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>counted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats as listed by the server at the denial, checked against the replayed grants and releases.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rebuilt from the grants, releases, revocations and reaps before the denial.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Who held the seats</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Gen.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Since</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Expiry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Note</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>in %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 ago</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n holder(s) were waiting in line: %1.</source>
            <translation>
                <numerusform>%n holder was waiting in line: %1.</numerusform>
                <numerusform>%n holders were waiting in line: %1.</numerusform>
            </translation>
        </message>
        <message>
            <source>counted against the reservation of %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::Durations</name>
        <message>
            <source>%1s</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::EmbeddedDemo</name>
        <message>
            <source>Cannot create the folder %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The embedded demo server is not running.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>There is no instance %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Instance %1 did not start: %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::ErrorBanner</name>
        <message>
            <source>Retry now</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::EventFilterProxyModel</name>
        <message numerus="yes">
            <source>%n attempts, %1 to %2</source>
            <translation>
                <numerusform>%n attempt, %1 to %2</numerusform>
                <numerusform>%n attempts, %1 to %2</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 ×%2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::EventLogModel</name>
        <message>
            <source>granted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>denied</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>released</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>renewal refused</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>revoked</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>reaped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>license created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>license updated</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>key rotated</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>holder blocked</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>generation %1, %2 of %3 seats in use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>all %1 seats taken (%2 in use, %3 holders listed)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>blocked until %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>expired at %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 seats, TTL %2 s, skew %3 s, grace %4 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Select a denial to see who held every seat at that moment</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Event</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>By</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Details</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>token created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>token revoked</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>clock jumped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server's monotonic clock jumped forward by %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server's monotonic clock jumped back by %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server's clock jumped forward by %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server's clock jumped back by %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>rules changed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>groups changed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>queued</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>left the queue</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no seat rules: every seat shared</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>allow %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>deny %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>reserve %1 for %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>max %1 for %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>from the line after waiting %1, generation %2, %3 of %4 seats in use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 holds its cap of %2 seats</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>matches the deny entry %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not on the allow list</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 of %2 seats in use, %3 reserved for others (idle)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no holder groups</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>groups now: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>position %1 in line, ticket %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>gave up after waiting %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ticket expired after waiting %1: the waiter stopped renewing it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>waited the longest time it asked for (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>removed from the line by an admin after waiting %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>left the line after waiting %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::EventsPage</name>
        <message numerus="yes">
            <source>%n event(s)</source>
            <translation>
                <numerusform>%n event</numerusform>
                <numerusform>%n events</numerusform>
            </translation>
        </message>
        <message>
            <source>Export events</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>CSV files (*.csv)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Event:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>any holder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>From</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>to</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Export CSV…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Save the events the filters show as a CSV file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>All events</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denials</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Grants</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Releases</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revocations and blocks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reaps and refused renewals</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats changing hands</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License changes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>All licenses</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No events on this server yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Loading the events…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No event matches these filters. Clear the holder, pick "All events" or widen the time range to see more.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Exported %1 to %2.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::FleetCountersModel</name>
        <message>
            <source>Replicas merged: %1. For each replica, the largest count any server reported.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1… (stale)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Replica %1: no contact data; its counts arrived through other servers.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Replica %1: stale, last heard from %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Replica %1: last heard from %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License / replica</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Granted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denied</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Released</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoked</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reclaimed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Renewed</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::FleetModel</name>
        <message>
            <source>No admin connection is configured for this server.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server's statistics are not in the expected form: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>never</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>just now</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n s ago</source>
            <translation>
                <numerusform>%n s ago</numerusform>
                <numerusform>%n s ago</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n min ago</source>
            <translation>
                <numerusform>%n min ago</numerusform>
                <numerusform>%n min ago</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n h ago</source>
            <translation>
                <numerusform>%n h ago</numerusform>
                <numerusform>%n h ago</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n days ago</source>
            <translation>
                <numerusform>%n day ago</numerusform>
                <numerusform>%n days ago</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>keyright::FleetServersModel</name>
        <message>
            <source>asking…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not polled yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>answered, but not lately</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>answered</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no answer: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unknown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Status</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Replica</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Last poll</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Last answer</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::FleetView</name>
        <message>
            <source>Poll now</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stale after:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> min</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Large fonts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Servers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Counters per license, merged from every server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Each total is merged with the G-Counter rule: for each replica the largest count any server reported, then the sum. A repeated or late poll never adds anything. Replicas in amber italics are stale: nothing has shown them alive lately.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Amnesia</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No server reported a replica that forgot its counts.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Replica</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Counter</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Held</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reported</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>When</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reported by</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Servers answering: %1 of %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::GroupsDialog</name>
        <message>
            <source>&amp;Add group</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Remove group</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder groups</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Group</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder patterns (separated by spaces)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A group names the holders it matches: &lt;code&gt;*&lt;/code&gt; any characters but &lt;code&gt;/&lt;/code&gt;, &lt;code&gt;?&lt;/code&gt; one character, &lt;code&gt;[abc]&lt;/code&gt; one of a set, e.g. &lt;code&gt;*@render-*&lt;/code&gt;. Licenses name groups in their seat rules.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>e.g. render</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>e.g. *@render-* alice@ws-12</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::InstanceHealthModel</name>
        <message>
            <source>not asked yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>down</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>refused: another key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (answering)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1%2 ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Instance</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>State</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Round trip</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clock offset</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Replica</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Last error</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::InstanceHealthPanel</name>
        <message>
            <source>&lt;b&gt;Instances of this site&lt;/b&gt;: %1 of %2 up; requests go to %3.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::KeyRevealDialog</name>
        <message>
            <source>&amp;Copy</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License key for %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;b&gt;Copy this key now.&lt;/b&gt; It is shown only once: the server keeps only a hash of it. Applications use it to check out seats of &lt;b&gt;%1&lt;/b&gt;.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Copied</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::LeaseClient</name>
        <message>
            <source>HTTP status %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no answer within %1 ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>connection refused by %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>connection closed by %1 before an answer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>host %1 not found</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>holder_blocked reply without a valid "until"</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not found: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unexpected conflict: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>server error %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>request rejected: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>unexpected HTTP status %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>granted seat %1 until %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>all %1 seats are in use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> (one may free at %1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server no longer holds this seat</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>blocked by an administrator until %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>license key refused: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>server unreachable: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>invalid server reply: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>network cut</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no server address configured</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>server error %1 fetching its public key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>public key request answered %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server's public key is not a base64 Ed25519 key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the reply is not a JSON object</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>malformed lease: %1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the lease signature does not verify against the server's key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the lease is for license %1, not %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the lease is for seat %1, not %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the lease is for holder %1, not %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the renewal changed the seat's generation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the lease expires before it is issued</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>invalid holder: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>invalid license id "%1"</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>invalid license or seat id</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>release answered %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no connection to %1 within %2 ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 signs with another key than the other instances; it is not used</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>every server instance was refused: they sign with different keys</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 is unavailable: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the list of server instances changed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>malformed holder_not_allowed reply: %1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 reply without seatCount/inUse</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>malformed %1 reply: %2 (%3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>ticket_lost reply with an unknown "reason" ("%1")</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the place was given up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the ticket was not renewed in time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no seat came free within the longest wait asked for</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>an administrator removed it from the line</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server does not know the ticket</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>group %1 already holds %2 of the %3 seats it may use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 of %2 seats are in use and the other %3 are reserved for others</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not allowed: the license's rules deny this holder (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not allowed: this holder is not on the license's allow list</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a seat is held for this place in line</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>waiting in line: position %1 of %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>left the line: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>malformed ticket: %1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the ticket is for license %1, not %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the ticket is for holder %1, not %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the answer is about ticket %1, not %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a place in line for a checkout that did not ask to wait</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>invalid wait of %1 s (1 to %2 s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>invalid license or ticket id</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>leaving the line answered %1: %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::LeaseTableModel</name>
        <message>
            <source>%1 left</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>blocked</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>expired %1 ago</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>live</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>expired, awaiting reap</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 is blocked from this license until %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 is blocked from this license until %2: %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat granted at %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Held since at least %1 (the grant is older than the events loaded)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Signed expiry, UTC: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Time left before the signed expiry, on the server's clock</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Fencing token: grows with every grant on this license</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The seat counts against the license</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The lease expired; the seat no longer counts. The reaper deletes the row from %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The signature verifies against the server's public key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The signature does NOT verify against the server's public key: this lease was altered</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Gen.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Held since</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Expires at</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Expires in</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>State</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Sig.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>As of %1: the server has not answered since.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (as of %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>reserved for %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>max %1: %2 of %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>shared seats</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>This seat counts against the shared seats, which anyone admitted may take.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>This seat counts against the seats reserved for %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 may hold at most %2 seats; it holds %3.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Counts against</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::LicenseDialog</name>
        <message>
            <source> s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>New license</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Edit license %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>e.g. acme-cad</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>e.g. ACME CAD</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License &amp;id:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Seats:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Lease &amp;TTL:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clock s&amp;kew tolerated:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reap &amp;grace:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>How long a lease lasts without a heartbeat. Clients renew at about a third of it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>How long an expired lease still counts, to absorb clock differences.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>How long after its expiry the reaper deletes a lease row. Must exceed the skew.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Create</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Save</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Enter a license id.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The license id may use lowercase letters, digits and dashes (not first), at most 64 characters.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A license with the id "%1" already exists.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Enter a name people will recognize.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The name may have at most %1 characters.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The name may not contain control characters.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The reap grace (%1 s) must be longer than the skew (%2 s): otherwise the reaper could delete a seat the server still counts.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clients will renew about every %1 s; a crashed client's seat is free after %2 s and its row is reaped after %3 s.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Add a &amp;reservation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Add a ca&amp;p</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder gro&amp;ups…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Anyone (or groups and holder patterns, separated by spaces)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Nobody (or groups and holder patterns, separated by spaces)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>When set, only these groups and holders (and members of a reserving group) may check out.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>These groups and holders never get a seat, whatever else matches.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Allow:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Deny:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reserve:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>At most:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat rules</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Deny comes first, then allow, then the caps, then the reservations: a reserved seat never goes to an outsider and a cap is never exceeded.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Group</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Remove</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No holder groups on this server yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder groups: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Show holder gro&amp;ups…</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::LicenseListModel</name>
        <message>
            <source>%1 / %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License id: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 of %2 seats in use (live leases only)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Lease lifetime: a client must renew within this time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clock skew tolerated: a lease still counts this long after it expires</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reap grace: an expired row is deleted this long after it expires</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Checkouts refused in the last hour because every seat was taken</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>TTL</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Skew</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Grace</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denied (1 h)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denials in the last hour</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n reserved and idle: only their group may take them</source>
            <translation>
                <numerusform>%n reserved and idle: only its group may take it</numerusform>
                <numerusform>%n reserved and idle: only their group may take them</numerusform>
            </translation>
        </message>
        <message>
            <source>  %1: %2 of %3 reserved seats in use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>At least %1 of the %2 reserved seats idle (select the license for the exact split)</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n free for anyone admitted</source>
            <translation>
                <numerusform>%n free for anyone admitted</numerusform>
                <numerusform>%n free for anyone admitted</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n waiting in line</source>
            <translation>
                <numerusform>%n waiting in line</numerusform>
                <numerusform>%n waiting in line</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>keyright::MainWindow</name>
        <message numerus="yes">
            <source>%n seat(s) reclaimed.</source>
            <translation>
                <numerusform>%n seat reclaimed.</numerusform>
                <numerusform>%n seats reclaimed.</numerusform>
            </translation>
        </message>
        <message>
            <source>About Keyright admin</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;h3&gt;Keyright admin %1&lt;/h3&gt;&lt;p&gt;Floating-license seats as signed leases: who holds each seat, until when, and why a checkout was refused.&lt;/p&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Keyright admin</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Events and disputes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;View</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Licenses</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Holders</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Help</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Poll every</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Language</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Main toolbar</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Connect to a server…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Connect</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Use the &amp;embedded demo server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Export events as CSV…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Refresh</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Poll the server now (F5)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Filter holders</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;New license…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>New license</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Edit license…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Edit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rotate license &amp;key…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Revoke seat…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoke</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoke the selected seat (Delete)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Force reap…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Force reap</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reclaim expired seats now (Ctrl+R)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;About Keyright admin</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>System language</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server this dashboard polls</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server's clock minus this computer's, measured from the round trip of GET /v1/time. Countdowns use the server's clock.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Not connected</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>connecting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>connected</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>not answering</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Last poll %1 (%2 s ago), every %3 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Round trip %1 ms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No poll yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clock offset not measured yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoke seat</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The seat of %1 was not revoked: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoked the seat of %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The license was not created: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Edit license</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The license was not changed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Saved %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Rotate license key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Give %1 a new key? Applications using the old key can no longer check out or renew seats until they are given the new one.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The key was not rotated: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cannot read the admin token of %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Access &amp;tokens…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The token this dashboard uses, and its role</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 · %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Needs the %1 role; this token (%2) has the %3 role.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>the server refused the token</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>answering with errors</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;span style="color:%1"&gt;●&lt;/span&gt; %2 — %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> · via %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> · %1 of %2 instances up</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server this dashboard polls: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Server clock %1%2 ms (±%3 ms)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clock jump: %1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server saw its own clock jump. Its leases keep following real elapsed time; the Events page lists every jump.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The dashboard stopped polling.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The dashboard stopped polling; the data shown is as of %1.</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n failed poll(s) in a row, retrying every %1 s.</source>
            <translation>
                <numerusform>%n failed poll, retrying every %1 s.</numerusform>
                <numerusform>%n failed polls in a row, retrying every %1 s.</numerusform>
            </translation>
        </message>
        <message>
            <source>No poll has succeeded yet on this connection.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The data shown is as of %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder &amp;groups…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Saved the holder groups.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat rules</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The seat rules could not be read: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder groups</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The holder groups were not saved: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The license was saved but its seat rules were not: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Read only: editing needs the %1 role; this token (%2) has the %3 role.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::QueueTableModel</name>
        <message>
            <source>%1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>in %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>lapsed %1 ago</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>seat held for it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>waiting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A seat is held for this ticket; the waiter's next renewal gets the lease</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Position %1 of %2 waiting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Queued at %1; gives up at %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The ticket is dropped unless its waiter renews it by %1 (a crashed waiter never blocks the line)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat %1 is held for this waiter</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Waiting for a seat the rules let this holder take</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>#</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Waiting since</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Ticket expires</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>State</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::ReapDialog</name>
        <message numerus="yes">
            <source>%n expired lease row(s) would be deleted. None of them counts against its license any more; reaping tidies the table and the events say who left without releasing.</source>
            <translation>
                <numerusform>%n expired lease row would be deleted. It no longer counts against its license; reaping tidies the table and the events say who left without releasing.</numerusform>
                <numerusform>%n expired lease rows would be deleted. None of them counts against its license any more; reaping tidies the table and the events say who left without releasing.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) reclaimed.</source>
            <translation>
                <numerusform>%n seat reclaimed.</numerusform>
                <numerusform>%n seats reclaimed.</numerusform>
            </translation>
        </message>
        <message>
            <source>Force reap</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Expired at</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reapable since</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Looking for expired leases past their reap grace…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not preview: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Nothing to reclaim: no lease is past its expiry and reap grace.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Close</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reap failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Delete expired rows</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>Delete %n expired row(s)</source>
            <translation>
                <numerusform>Delete %n expired row</numerusform>
                <numerusform>Delete %n expired rows</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n previewed row(s) were gone already: another reap deleted them after the preview.</source>
            <translation>
                <numerusform>%n previewed row was gone already: another reap deleted it after the preview.</numerusform>
                <numerusform>%n previewed rows were gone already: another reap deleted them after the preview.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n previewed row(s) were already reclaimed by the periodic reaper at %1.</source>
            <translation>
                <numerusform>%n previewed row was already reclaimed by the periodic reaper at %1.</numerusform>
                <numerusform>%n previewed rows were already reclaimed by the periodic reaper at %1.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n previewed row(s) were already reclaimed by %1 at %2.</source>
            <translation>
                <numerusform>%n previewed row was already reclaimed by %1 at %2.</numerusform>
                <numerusform>%n previewed rows were already reclaimed by %1 at %2.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>keyright::ReplicasDemo</name>
        <message>
            <source>Add 1 on any replica, take snapshots, then deliver them in any order, twice, or drop them. Each replica keeps one count per writer and merges by taking the larger count per writer.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::ReplicasDemoView</name>
        <message>
            <source>(empty)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Free play (no preset)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Next step</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reset</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Large fonts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>In transit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Total:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>+1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 counts one more, in its own component only.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Take snapshot</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Puts a copy of %1's map in transit.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Restart, same id</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 loses its memory and counts again under its old id.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Restart, new id</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 loses its memory and counts under a new id.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Deliver the selected snapshot to %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Deliver the selected snapshot to:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Deliver twice</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Drop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Naive sum: adds every total received to its own. Naive max: keeps the largest total seen. Red: the naive rule disagrees with the map for the same deliveries.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>True total: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Writes as: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Map: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>= true total</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n short of the true total</source>
            <translation>
                <numerusform>%n short of the true total</numerusform>
                <numerusform>%n short of the true total</numerusform>
            </translation>
        </message>
        <message>
            <source>Naive sum: %1</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n more than the map: something was added twice.</source>
            <translation>
                <numerusform>%n more than the map: something was added twice.</numerusform>
                <numerusform>%n more than the map: something was added twice.</numerusform>
            </translation>
        </message>
        <message>
            <source>Naive max: %1</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>%n fewer than the map: increments were lost.</source>
            <translation>
                <numerusform>%n fewer than the map: increments were lost.</numerusform>
                <numerusform>%n fewer than the map: increments were lost.</numerusform>
            </translation>
        </message>
        <message>
            <source>Step %1 of %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 — from %2: %3 (total %4)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>delivered to %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::RevokeDialog</name>
        <message>
            <source>Revoke seat</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Optional, recorded in the events</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Do not block</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>10 minutes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>1 hour</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>8 hours</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>1 day</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>7 days</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoke the seat of &lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt; (seat %3)?&lt;br&gt;The seat is free at once; the application loses it at its next heartbeat. Without a block it may check out again straight away.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Block this holder for:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>R&amp;eason:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Revoke</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::SeatsPage</name>
        <message numerus="yes">
            <source>Holders of %n licenses</source>
            <translation>
                <numerusform>Holders of %n license</numerusform>
                <numerusform>Holders of %n licenses</numerusform>
            </translation>
        </message>
        <message>
            <source>Holders</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No licenses on this server yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Select a license to see who holds its seats.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Holders of %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;span style="color:%1"&gt;&lt;b&gt;%2 of %3&lt;/b&gt;&lt;/span&gt; seats in use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Nobody holds a seat of this license right now.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Licenses</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Filter holders, seats, states… (Ctrl+F)</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>&lt;span style="color:%1"&gt;%n checkout(s) denied in the last hour&lt;/span&gt;</source>
            <translation>
                <numerusform>&lt;span style="color:%1"&gt;%n checkout denied in the last hour&lt;/span&gt;</numerusform>
                <numerusform>&lt;span style="color:%1"&gt;%n checkouts denied in the last hour&lt;/span&gt;</numerusform>
            </translation>
        </message>
        <message>
            <source>Not connected to a server.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server refused the token, so the dashboard cannot list its licenses. Connect with a valid token.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server has not answered yet, so its licenses are not known.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Loading the licenses…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;span style="color:%1"&gt;As of %2: %3 of %4 seats in use&lt;/span&gt;</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>&lt;span style="color:%1"&gt;%n checkout(s) denied in the hour before&lt;/span&gt;</source>
            <translation>
                <numerusform>&lt;span style="color:%1"&gt;%n checkout denied in the hour before&lt;/span&gt;</numerusform>
                <numerusform>&lt;span style="color:%1"&gt;%n checkouts denied in the hour before&lt;/span&gt;</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Waiting line (%n waiting)</source>
            <translation>
                <numerusform>Waiting line (%n waiting)</numerusform>
                <numerusform>Waiting line (%n waiting)</numerusform>
            </translation>
        </message>
        <message>
            <source>Waiting line</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Nobody is waiting for a seat.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 in use   %2 reserved for a group, idle   %3 free</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Reserved seats only their group may take, even while nobody uses them: to everyone else the license is full sooner than its seat count says.</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <source>&lt;span style="color:%1"&gt;%n reserved and idle&lt;/span&gt;</source>
            <translation>
                <numerusform>&lt;span style="color:%1"&gt;%n reserved and idle&lt;/span&gt;</numerusform>
                <numerusform>&lt;span style="color:%1"&gt;%n reserved and idle&lt;/span&gt;</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n free</source>
            <translation>
                <numerusform>%n free</numerusform>
                <numerusform>%n free</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n waiting</source>
            <translation>
                <numerusform>%n waiting</numerusform>
                <numerusform>%n waiting</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>keyright::SimulatedClient</name>
        <message>
            <source>seat %1, generation %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>signed until %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>seat %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>offset %1 → %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>stopped without releasing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>for %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>now on instance %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::Simulation</name>
        <message>
            <source>The key file %1 is empty.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not list the licenses: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not create the license %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not get a key for the license %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Pick a license first.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>There is no key for the license %1: load its key file first.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Client %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not read the server's events: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not read the seats of %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A scenario runs on licenses of its own, which the simulator creates on the server, and this connection's token may not create licenses. Connect with an admin token to play scenarios; free play works on any license whose key you have.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>simulator reset</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Could not free the seats of %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Simulator sandbox: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>This scenario moves the server's own clock, so it plays only on the embedded demo server (Server &gt; Use the embedded demo server).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>This scenario kills and restarts server instances, so it plays only on the embedded demo server (Server &gt; Use the embedded demo server).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>This scenario needs several server instances, and this server has only one.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server instances did not start: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Instance %1 did not come back: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Instance %1 could not be stopped: %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::SimulatorPage</name>
        <message>
            <source>Connect to a lease server to run simulated clients against it.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::SimulatorView</name>
        <message>
            <source>No simulated client yet. Play a scenario, or add a client below.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 (%2 seats, TTL %3 s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Free play</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Add clients with the bar below: give each one a clock offset and a keeper policy, then crash it, cut its network or set its clock back, and watch its strip. Or pick a scenario above and press Play.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Key file…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Load the license key of the picked license from a file (mode 0600).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Scenario:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Text size:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 %</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Larger text for a projector: the whole simulator scales.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>License key of %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Key files (*.key);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Key loaded for %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Free play: add clients below.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Pause or resume the simulated clocks.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Step 1 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Advance the simulated clocks by one second.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1×</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>How fast the simulated clocks run.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Sync clocks to server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Line the simulation's clock up with the server's again after a pause or a speed-up. The clients keep their own offsets.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&lt;b&gt;Strip&lt;/b&gt;: top lane the client (&lt;span style='color:%1'&gt;■&lt;/span&gt; acting, &lt;span style='color:%2'&gt;■&lt;/span&gt; lapsed, &lt;span style='color:%3'&gt;■&lt;/span&gt; degraded, &lt;span style='color:%4'&gt;■&lt;/span&gt; acting without a counted seat), bottom lane &lt;span style='color:%5'&gt;■&lt;/span&gt; the server counts the seat. Marks: C checkout, · beat, × beat lost, ! seat lost, L lapsed, R re-acquire, D degrade, ✓ recover, ⏏ release, ✖ crash, ⟲ clock changed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The server has not answered yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Simulation clock lined up with the server's.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>New client:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>clock</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clock offset from the server, -300 s (slow) to +300 s (fast).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Monotonic</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Signed expiry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Monotonic: the product's default, times the lease with a stopwatch. Signed expiry: the naive rule, compares the signed expiry with the wall clock.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Add</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cut</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Back</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> min</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>on time</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s fast</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s slow</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No license listed yet: is the server reachable?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>No key for %1: load its key file to add clients.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clients check out %1 on %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Playing %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 added.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Every client is a real lease keeper talking to %1 through the real API; only its clock is simulated. This server runs on the simulation's clock, so pause, step and speed move the server and the clients together.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Server &lt;b&gt;%1&lt;/b&gt; · Simulation &lt;b&gt;%2&lt;/b&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> · &lt;b&gt;paused&lt;/b&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source> · &lt;b&gt;%1×&lt;/b&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats in use on %1: &lt;b&gt;%2 / %3&lt;/b&gt; (peak %4)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats in use: waiting for the server…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The license the simulated clients check out. A short-TTL license such as %1 plays each scenario in under a minute.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Every client is a real lease keeper talking to %1 through the real API; only its clock is simulated. The server keeps its own real clock: pause, step and speed move the clients' clocks only, which adds to their offset (in brackets next to each local clock). Use a short-TTL license such as %2, and press Sync after a pause.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Preparing the scenario's own licenses…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Pause</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Run</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Play scenario</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Server instances</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>⇄ on a strip: that client moved to another instance.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Kill instance %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Bring instance %1 back</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Stop this instance as if its process died (Ctrl+%1).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Start this instance again on the same port (Ctrl+%1).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>up · clients: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>down</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::TimelineStrip</name>
        <message>
            <source>expiry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>reaped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>reap</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>now</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>%1 s</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::TokensDialog</name>
        <message>
            <source>&amp;Create token</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Revoke…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Copy</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Access tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Role</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Created</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Last used</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Expires</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>dana</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>never</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>in 30 days</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>in 90 days</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>in a year</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>New token</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Role:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>&amp;Expires:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Token copied to the clipboard.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoked token %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The tokens could not be listed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Token %1 was not created: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Token %1 was not revoked: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>A token name is 1 to 64 of a-z, 0-9, '.', '_' and '-'.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoke token</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Revoke the token %1? Whoever uses it is refused from their next request on.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Token for %1 (%2). It is shown only now: copy it and give it to %1; the server keeps only its hash.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Created token %1.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>keyright::UsageChartView</name>
        <message>
            <source>Seats in use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats owned</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Denials</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat usage, last hour</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seat usage of %1, last hour</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Seats reserved</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Waiting in line</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <source>Keyright administration dashboard</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Connect to this server.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Interface language (en, fr).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>The embedded demo server did not start</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cannot read the demo server's token</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Embedded demo server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Clock-skew simulator</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Fleet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Replicas demo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Admin token file for --server (mode 0600).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Save a picture of the window to this file and quit.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>How long to wait before the picture (default 6s; e.g. 500ms, 10s).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Window size, e.g. 1280x720.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Use a dark Fusion palette.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Keyright admin</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Cannot read the admin token</source>
            <translation type="unfinished" />
        </message>
    </context>
</TS>