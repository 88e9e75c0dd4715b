<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB">
<context>
    <name>BorrowRefusalText</name>
    <message numerus="yes">
        <source>A seat of %2 may be borrowed for %n day(s) at most, not %1.</source>
        <extracomment>%n is the most days the policy allows, %1 the days asked for.</extracomment>
        <translation>
            <numerusform>A seat of %2 may be borrowed for %n day at most, not %1.</numerusform>
            <numerusform>A seat of %2 may be borrowed for %n days at most, not %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) of %1 are already borrowed, the most its policy allows at once; one comes back when it is returned or expires.</source>
        <extracomment>%n seats are borrowed, the most the policy of license %1 allows at once.</extracomment>
        <translation>
            <numerusform>%n seat of %1 is already borrowed, the most its policy allows at once; it comes back when it is returned or expires.</numerusform>
            <numerusform>%n seats of %1 are already borrowed, the most its policy allows at once; one comes back when it is returned or expires.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %1 seats of %2 are borrowed and %3 must stay on site for ordinary checkouts.</source>
        <extracomment>%n seats borrowed (the verb agrees with it) of %1, license %2; %3 kept on site.</extracomment>
        <translation>
            <numerusform>%n of the %1 seats of %2 is borrowed and %3 must stay on site for ordinary checkouts.</numerusform>
            <numerusform>%n of the %1 seats of %2 are borrowed and %3 must stay on site for ordinary checkouts.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: %n of the %1 seats are in use.</source>
        <extracomment>%n seats in use (the verb agrees with it) of the %1 seats of license %2.</extracomment>
        <translation>
            <numerusform>No seat of %2 to borrow: %n of the %1 seats is in use.</numerusform>
            <numerusform>No seat of %2 to borrow: %n of the %1 seats are in use.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: none of the %n seat(s) is in use, but all are reserved for %1.</source>
        <extracomment>%n seats of license %2, all reserved for the groups %1.</extracomment>
        <translation>
            <numerusform>No seat of %2 to borrow: the only seat is not in use, but it is reserved for %1.</numerusform>
            <numerusform>No seat of %2 to borrow: none of the %n seats is in use, but all are reserved for %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: %n of the %1 seats are in use and the other one is reserved for %3.</source>
        <extracomment>%n seats in use (the verb agrees with it) of the %1 seats of license %2; %3 the groups.</extracomment>
        <translation>
            <numerusform>No seat of %2 to borrow: %n of the %1 seats is in use and the other one is reserved for %3.</numerusform>
            <numerusform>No seat of %2 to borrow: %n of the %1 seats are in use and the other one is reserved for %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: %n of the %1 seats are in use and the other %3 are reserved for %4.</source>
        <extracomment>%n seats in use (the verb agrees with it) of the %1 seats of license %2; the other %3 seats (2 or more) are reserved for the groups %4.</extracomment>
        <translation>
            <numerusform>No seat of %2 to borrow: %n of the %1 seats is in use and the other %3 are reserved for %4.</numerusform>
            <numerusform>No seat of %2 to borrow: %n of the %1 seats are in use and the other %3 are reserved for %4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: %1 already holds its cap of %n seat(s).</source>
        <extracomment>%1 the holder&apos;s group, %2 the license; %n the group&apos;s cap.</extracomment>
        <translation>
            <numerusform>No seat of %2 to borrow: %1 already holds its cap of %n seat.</numerusform>
            <numerusform>No seat of %2 to borrow: %1 already holds its cap of %n seats.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DisputeReconstruction</name>
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
    <message numerus="yes">
        <source>Denied to %1: none of the %n seat(s) is in use, but all are reserved for %2 (idle)</source>
        <translation>
            <numerusform>Denied to %1: the only seat is reserved for %2 (idle)</numerusform>
            <numerusform>Denied to %1: none of the %n seats is in use, but all are reserved for %2 (idle)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Ledger</name>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> and %n more</numerusform>
            <numerusform> and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) in active use: %1.</source>
        <translation>
            <numerusform>%n seat in active use: %1.</numerusform>
            <numerusform>%n seats in active use: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) held by clients that do not report activity (never counted as idle): %1.</source>
        <translation>
            <numerusform>%n seat held by clients that do not report activity (never counted as idle): %1.</numerusform>
            <numerusform>%n seats held by clients that do not report activity (never counted as idle): %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) held but idle for more than %1: %2.</source>
        <translation>
            <numerusform>%n seat held but idle for more than %1: %2.</numerusform>
            <numerusform>%n seats held but idle for more than %1: %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) held by someone who already holds another: %1.</source>
        <translation>
            <numerusform>%n seat held by someone who already holds another: %1.</numerusform>
            <numerusform>%n seats held by someone who already holds another: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) whose client stopped renewing, still counted within the clock skew: %1.</source>
        <translation>
            <numerusform>%n seat whose client stopped renewing, still counted within the clock skew: %1.</numerusform>
            <numerusform>%n seats whose client stopped renewing, still counted within the clock skew: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) reserved for %1 and unused.</source>
        <translation>
            <numerusform>%n seat reserved for %1 and unused.</numerusform>
            <numerusform>%n seats reserved for %1 and unused.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) free.</source>
        <translation>
            <numerusform>%n seat free.</numerusform>
            <numerusform>%n seats free.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) held above the seat count, given back as they expire.</source>
        <translation>
            <numerusform>%n seat held above the seat count, given back as they expire.</numerusform>
            <numerusform>%n seats held above the seat count, given back as they expire.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n expired lease(s) waiting for the reaper, holding no seat: %1.</source>
        <translation>
            <numerusform>%n expired lease waiting for the reaper, holding no seat: %1.</numerusform>
            <numerusform>%n expired leases waiting for the reaper, holding no seat: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s)</source>
        <translation>
            <numerusform>%n seat</numerusform>
            <numerusform>%n seats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting: %1.</source>
        <translation>
            <numerusform>%n waiting: %1.</numerusform>
            <numerusform>%n waiting: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) borrowed, counted until returned or expired: %1.</source>
        <translation>
            <numerusform>%n seat borrowed, counted until returned or expired: %1.</numerusform>
            <numerusform>%n seats borrowed, counted until returned or expired: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) borrowed, counted until returned or expired: %1</source>
        <translation>
            <numerusform>%n seat borrowed, counted until returned or expired: %1</numerusform>
            <numerusform>%n seats borrowed, counted until returned or expired: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them written off: %1</source>
        <translation>
            <numerusform>%n&#xa0;of them written off: %1</numerusform>
            <numerusform>%n&#xa0;of them written off: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WhatIf</name>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; with %1, %n more would have been refused.</source>
        <translation>
            <numerusform>; with %1, %n more would have been refused.</numerusform>
            <numerusform>; with %1, %n more would have been refused.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; with %1, %n ticket(s) would have given up waiting.</source>
        <translation>
            <numerusform>; with %1, %n ticket would have given up waiting.</numerusform>
            <numerusform>; with %1, %n tickets would have given up waiting.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With %n seat(s), none of the %1 checkout requests %2 would have waited</source>
        <translation>
            <numerusform>With %n seat, none of the %1 checkout requests %2 would have waited</numerusform>
            <numerusform>With %n seats, none of the %1 checkout requests %2 would have waited</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With %n seat(s), %1 of the %2 checkout requests %3 would have waited, none longer than %4</source>
        <translation>
            <numerusform>With %n seat, %1 of the %2 checkout requests %3 would have waited, none longer than %4</numerusform>
            <numerusform>With %n seats, %1 of the %2 checkout requests %3 would have waited, none longer than %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n refusal(s) would have happened with any number of seats: the seat rules or a block kept the holder(s) out)</source>
        <translation>
            <numerusform> (%n refusal would have happened with any number of seats: the seat rules or a block kept the holder out)</numerusform>
            <numerusform> (%n refusals would have happened with any number of seats: the seat rules or a block kept the holders out)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::AlertListModel</name>
    <message numerus="yes">
        <source>The alerts of the last %n day(s) could not be read: %1</source>
        <translation>
            <numerusform>The alerts of the last %n day could not be read: %1</numerusform>
            <numerusform>The alerts of the last %n days could not be read: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::AlertText</name>
    <message numerus="yes">
        <source>(notice of %n day(s))</source>
        <translation>
            <numerusform>(notice of %n day)</numerusform>
            <numerusform>(notice of %n days)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the license expires on %1, in %n day(s)</source>
        <translation>
            <numerusform>the license expires on %1, in %n day</numerusform>
            <numerusform>the license expires on %1, in %n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>its maintenance ends on %1, in %n day(s) (checkouts are not affected)</source>
        <translation>
            <numerusform>its maintenance ends on %1, in %n day (checkouts are not affected)</numerusform>
            <numerusform>its maintenance ends on %1, in %n days (checkouts are not affected)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) before the license or its maintenance ends</source>
        <translation>
            <numerusform>%n day before the license or its maintenance ends</numerusform>
            <numerusform>%n days before the license or its maintenance ends</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n true denial(s)</source>
        <translation>
            <numerusform>%n true denial</numerusform>
            <numerusform>%n true denials</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n denial(s) in the rule&apos;s window (more than %1 fires it)</source>
        <translation>
            <numerusform>%n denial in the rule&apos;s window (more than %1 fires it)</numerusform>
            <numerusform>%n denials in the rule&apos;s window (more than %1 fires it)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n clock jump(s)</source>
        <translation>
            <numerusform>%n clock jump</numerusform>
            <numerusform>%n clock jumps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::AlertTray</name>
    <message numerus="yes">
        <source>Keyright: %n alert(s) firing, the worst %1</source>
        <translation>
            <numerusform>Keyright: %n alert firing, the worst %1</numerusform>
            <numerusform>Keyright: %n alerts firing, the worst %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) firing</source>
        <translation>
            <numerusform>%n alert firing</numerusform>
            <numerusform>%n alerts firing</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keyright: %n alert(s) firing, all acknowledged</source>
        <translation>
            <numerusform>Keyright: %n alert firing, acknowledged</numerusform>
            <numerusform>Keyright: %n alerts firing, all acknowledged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keyright: %n alert(s) firing not acknowledged, the worst %1</source>
        <translation>
            <numerusform>Keyright: %n alert firing not acknowledged, %1</numerusform>
            <numerusform>Keyright: %n alerts firing not acknowledged, the worst %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::AlertsPage</name>
    <message numerus="yes">
        <source>%1 % of the seats for %n min</source>
        <translation>
            <numerusform>%1 % of the seats for %n min</numerusform>
            <numerusform>%1 % of the seats for %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>a true denial (no seat within %n min)</source>
        <translation>
            <numerusform>a true denial (no seat within %n min)</numerusform>
            <numerusform>a true denial (no seat within %n min)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>more than %1 denials in %n min</source>
        <translation>
            <numerusform>more than %1 denials in %n min</numerusform>
            <numerusform>more than %1 denials in %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>a wait over %n min</source>
        <translation>
            <numerusform>a wait over %n min</numerusform>
            <numerusform>a wait over %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>silent for %n s</source>
        <translation>
            <numerusform>silent for %n s</numerusform>
            <numerusform>silent for %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>a jump, shown for %n min</source>
        <translation>
            <numerusform>a jump, shown for %n min</numerusform>
            <numerusform>a jump, shown for %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Resolved in the last %n day(s)</source>
        <translation>
            <numerusform>Resolved in the last %n day</numerusform>
            <numerusform>Resolved in the last %n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would not have fired in the last %n day(s): there is no license yet.</source>
        <translation>
            <numerusform>Would not have fired in the last day: there is no license yet.</numerusform>
            <numerusform>Would not have fired in the last %n days: there is no license yet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would not have fired in the last %n day(s).</source>
        <translation>
            <numerusform>Would not have fired in the last day.</numerusform>
            <numerusform>Would not have fired in the last %n days.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would have fired %n time(s) in the last %1 days:</source>
        <translation>
            <numerusform>Would have fired %n time in the last %1 days:</numerusform>
            <numerusform>Would have fired %n times in the last %1 days:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::DashboardSession</name>
    <message numerus="yes">
        <source>The group %1 is still named by the seat rules of %n license(s) (%2): take it out of those rules first.</source>
        <translation>
            <numerusform>The group %1 is still named by the seat rules of %n license (%2): take it out of those rules first.</numerusform>
            <numerusform>The group %1 is still named by the seat rules of %n licenses (%2): take it out of those rules first.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Too many refused tokens from this address: the server answers again in %n second(s).</source>
        <translation>
            <numerusform>Too many refused tokens from this address: the server answers again in %n second.</numerusform>
            <numerusform>Too many refused tokens from this address: the server answers again in %n seconds.</numerusform>
        </translation>
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
        <source>%n seat(s) granted earlier were never released: their applications stopped without releasing; they no longer counted.</source>
        <translation>
            <numerusform>%n seat granted earlier was never released: its application stopped without releasing; it no longer counted.</numerusform>
            <numerusform>%n seats granted earlier were never released: their applications stopped without releasing; they no longer counted.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n holder(s) were waiting in line: %1.</source>
        <translation>
            <numerusform>%n holder was waiting in line: %1.</numerusform>
            <numerusform>%n holders were waiting in line: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt; while none of its %n seat(s) was held.</source>
        <translation>
            <numerusform>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt; while nobody held its only seat.</numerusform>
            <numerusform>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt; while none of its %n seats was held.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %n&lt;/b&gt; seat(s) were held.</source>
        <translation>
            <numerusform>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %n&lt;/b&gt; seat was held.</numerusform>
            <numerusform>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %n&lt;/b&gt; seats were held.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %n&lt;/b&gt; seat(s) were held, by %5.</source>
        <translation>
            <numerusform>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %n&lt;/b&gt; seat was held, by %5.</numerusform>
            <numerusform>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %n&lt;/b&gt; seats were held, by %5.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n holder(s): %1</source>
        <translation>
            <numerusform>%n holder: %1</numerusform>
            <numerusform>%n holders: %1</numerusform>
        </translation>
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
</context>
<context>
    <name>keyright::EventLogModel</name>
    <message numerus="yes">
        <source>from the line after waiting %1, generation %2, %3 of %n seat(s) in use</source>
        <translation>
            <numerusform>from the line after waiting %1, generation %2, %3 of %n seat in use</numerusform>
            <numerusform>from the line after waiting %1, generation %2, %3 of %n seats in use</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>generation %1, %2 of %n seat(s) in use</source>
        <translation>
            <numerusform>generation %1, %2 of %n seat in use</numerusform>
            <numerusform>generation %1, %2 of %n seats in use</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 holds its cap of %n seat(s)</source>
        <translation>
            <numerusform>%1 holds its cap of %n seat</numerusform>
            <numerusform>%1 holds its cap of %n seats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n seat(s) in use, %2 reserved for others (idle)</source>
        <translation>
            <numerusform>%1 of %n seat in use, %2 reserved for others (idle)</numerusform>
            <numerusform>%1 of %n seats in use, %2 reserved for others (idle)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s), TTL %1 s, skew %2 s, grace %3 s</source>
        <translation>
            <numerusform>%n seat, TTL %1 s, skew %2 s, grace %3 s</numerusform>
            <numerusform>%n seats, TTL %1 s, skew %2 s, grace %3 s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n seat(s) taken (%1 in use, %2)</source>
        <translation>
            <numerusform>the only seat taken (%1 in use, %2)</numerusform>
            <numerusform>all %n seats taken (%1 in use, %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n holder(s) listed</source>
        <translation>
            <numerusform>%n holder listed</numerusform>
            <numerusform>%n holders listed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>seats idle for more than %n minute(s) go to someone waiting</source>
        <translation>
            <numerusform>seats idle for more than %n minute go to someone waiting</numerusform>
            <numerusform>seats idle for more than %n minutes go to someone waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>seats of %1 idle for more than %n minute(s) go to someone waiting</source>
        <translation>
            <numerusform>seats of %1 idle for more than %n minute go to someone waiting</numerusform>
            <numerusform>seats of %1 idle for more than %n minutes go to someone waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, after a %n-minute warning</source>
        <comment>%1: the rule&apos;s first half (seats idle for more than...)</comment>
        <translation>
            <numerusform>%1, after a %n-minute warning</numerusform>
            <numerusform>%1, after a %n-minute warning</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>borrowed for %n day(s), until %1</source>
        <translation>
            <numerusform>borrowed for %n day, until %1</numerusform>
            <numerusform>borrowed for %n days, until %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, borrowing of up to %n seat(s) at once</source>
        <translation>
            <numerusform>, borrowing of up to %n seat at once</numerusform>
            <numerusform>, borrowing of up to %n seats at once</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> for %n day(s) at most</source>
        <translation>
            <numerusform> for %n day at most</numerusform>
            <numerusform> for %n days at most</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n kept on site</source>
        <translation>
            <numerusform>, %n kept on site</numerusform>
            <numerusform>, %n kept on site</numerusform>
        </translation>
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
</context>
<context>
    <name>keyright::FleetModel</name>
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
    <name>keyright::FleetView</name>
    <message numerus="yes">
        <source>; %n answer(s) with an error</source>
        <translation>
            <numerusform>; %n answers with an error</numerusform>
            <numerusform>; %n answer with an error</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::GroupsDialog</name>
    <message numerus="yes">
        <source>The group %1 cannot go: the seat rules of %n license(s) use it: %2. Take it out of those rules first, or keep the group.</source>
        <translation>
            <numerusform>The group %1 cannot go: the seat rules of %n license use it: %2. Take it out of those rules first, or keep the group.</numerusform>
            <numerusform>The group %1 cannot go: the seat rules of %n licenses use it: %2. Take it out of those rules first, or keep the group.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::HolderTimelineDialog</name>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n event</numerusform>
            <numerusform>%n events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) from %1 to %2 (local time).</source>
        <translation>
            <numerusform>%n seat from %1 to %2 (local time).</numerusform>
            <numerusform>%n seats from %1 to %2 (local time).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only the first %n events were read: the range stops at the last of them; choose a shorter one.</source>
        <translation>
            <numerusform>Only the first %n event was read: the range stops at it; choose a shorter one.</numerusform>
            <numerusform>Only the first %n events were read: the range stops at the last of them; choose a shorter one.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::HolderTimelineModel</name>
    <message numerus="yes">
        <source>%1 (%n time(s) in all, the last at %2)</source>
        <translation>
            <numerusform>%1 (%n time in all, the last at %2)</numerusform>
            <numerusform>%1 (%n times in all, the last at %2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::InstanceHealthPanel</name>
    <message numerus="yes">
        <source>&lt;b&gt;Instances of this site&lt;/b&gt;: %n of %1 up; requests go to %2.</source>
        <translation>
            <numerusform>&lt;b&gt;Instances of this site&lt;/b&gt;: %n of %1 up; requests go to %2.</numerusform>
            <numerusform>&lt;b&gt;Instances of this site&lt;/b&gt;: %n of %1 up; requests go to %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) but cannot reach the database.</source>
        <translation>
            <numerusform>%n answers but cannot reach the database.</numerusform>
            <numerusform>%n answer but cannot reach the database.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::LeaseTableModel</name>
    <message numerus="yes">
        <source>%1 may hold at most %n seat(s); it holds %2.</source>
        <translation>
            <numerusform>%1 may hold at most %n seat; it holds %2.</numerusform>
            <numerusform>%1 may hold at most %n seats; it holds %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last activity at %1: idle for more than %n minute(s)</source>
        <translation>
            <numerusform>Last activity at %1: idle for more than %n minute</numerusform>
            <numerusform>Last activity at %1: idle for more than %n minutes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::LedgerBar</name>
    <message numerus="yes">
        <source>%1: %n seat(s)</source>
        <translation>
            <numerusform>%1: %n seat</numerusform>
            <numerusform>%1: %n seats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more in the holders table</source>
        <translation>
            <numerusform>%n more in the holders table</numerusform>
            <numerusform>%n more in the holders table</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::LicenseDialog</name>
    <message numerus="yes">
        <source>%n holder(s) waiting, but no idle seat may go to them under the other rules.</source>
        <translation>
            <numerusform>%n holder is waiting, but no idle seat may go to them under the other rules.</numerusform>
            <numerusform>%n holders are waiting, but no idle seat may go to them under the other rules.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 would be warned and lose the seat in %n minute(s) unless it is used.</source>
        <translation>
            <numerusform>%1 would be warned and lose the seat in %n minute unless it is used.</numerusform>
            <numerusform>%1 would be warned and lose the seat in %n minutes unless it is used.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The seat goes at %1 (in %n minute(s)) unless it is used.</source>
        <translation>
            <numerusform>The seat goes at %1 (in %n minute) unless it is used.</numerusform>
            <numerusform>The seat goes at %1 (in %n minutes) unless it is used.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Up to %n seat(s) may be borrowed at once, each for at most %1; seats always kept on site: %2.</source>
        <translation>
            <numerusform>Up to %n seat may be borrowed at once, each for at most %1; seats always kept on site: %2.</numerusform>
            <numerusform>Up to %n seats may be borrowed at once, each for at most %1; seats always kept on site: %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keeping %1 seats on site, more than the %n the license has, leaves none to borrow: keep fewer, or switch borrowing off.</source>
        <translation>
            <numerusform>Keeping %1 seats on site, more than the %n the license has, leaves none to borrow: keep fewer, or switch borrowing off.</numerusform>
            <numerusform>Keeping %1 seats on site, more than the %n the license has, leaves none to borrow: keep fewer, or switch borrowing off.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keeping all %n seat(s) on site leaves none to borrow: keep fewer, or switch borrowing off.</source>
        <translation>
            <numerusform>Keeping the only seat on site leaves none to borrow: keep fewer, or switch borrowing off.</numerusform>
            <numerusform>Keeping all %n seats on site leaves none to borrow: keep fewer, or switch borrowing off.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Up to %n seat(s) may be borrowed at once, each for at most %1, by members of %3; seats always kept on site: %2.</source>
        <translation>
            <numerusform>Up to %n seat may be borrowed at once, each for at most %1, by members of %3; seats always kept on site: %2.</numerusform>
            <numerusform>Up to %n seats may be borrowed at once, each for at most %1, by members of %3; seats always kept on site: %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A maximum of %1 at once is more than the %n seat(s) not kept on site.</source>
        <translation>
            <numerusform>A maximum of %1 at once is more than the %n seat not kept on site.</numerusform>
            <numerusform>A maximum of %1 at once is more than the %n seats not kept on site.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A maximum of %1 at once is more than the %n seat(s) of the license.</source>
        <translation>
            <numerusform>A maximum of %1 at once is more than the %n seat of the license.</numerusform>
            <numerusform>A maximum of %1 at once is more than the %n seats of the license.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::LicenseListModel</name>
    <message numerus="yes">
        <source>%n reserved and idle: only their group may take them</source>
        <translation>
            <numerusform>%n reserved and idle: only its group may take it</numerusform>
            <numerusform>%n reserved and idle: only their group may take them</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n free for anyone admitted</source>
        <translation>
            <numerusform>%n&#xa0;free for anyone admitted</numerusform>
            <numerusform>%n&#xa0;free for anyone admitted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting in line</source>
        <translation>
            <numerusform>%n waiting in line</numerusform>
            <numerusform>%n waiting in line</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 in use then; %n still live now by their last leases</source>
        <translation>
            <numerusform>%1 in use then; %n still live now by its last lease</numerusform>
            <numerusform>%1 in use then; %n still live now by their last leases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n seat(s) in use (live leases only)</source>
        <translation>
            <numerusform>%1 of %n seat in use (live leases only)</numerusform>
            <numerusform>%1 of %n seats in use (live leases only)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  %1: %2 of %n reserved seat(s) in use</source>
        <translation>
            <numerusform>  %1: %2 of %n reserved seat in use</numerusform>
            <numerusform>  %1: %2 of %n reserved seats in use</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At least %1 of the %n reserved seat(s) idle (select the license for the exact split)</source>
        <translation>
            <numerusform>At least %1 of the %n reserved seat idle (select the license for the exact split)</numerusform>
            <numerusform>At least %1 of the %n reserved seats idle (select the license for the exact split)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them borrowed: away on laptops until they are returned or expire</source>
        <translation>
            <numerusform>%n of them borrowed: away on a laptop until it is returned or expires</numerusform>
            <numerusform>%n of them borrowed: away on laptops until they are returned or expire</numerusform>
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
    <message numerus="yes">
        <source>%n failed poll(s) in a row; next try in %1 s.</source>
        <translation>
            <numerusform>%n failed poll in a row; next try in %1 s.</numerusform>
            <numerusform>%n failed polls in a row; next try in %1 s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed poll(s) in a row; trying again now.</source>
        <translation>
            <numerusform>%n failed poll in a row; trying again now.</numerusform>
            <numerusform>%n failed polls in a row; trying again now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n of %1 instances up</source>
        <translation>
            <numerusform> · %n of %1 instances up</numerusform>
            <numerusform> · %n of %1 instances up</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n without database</source>
        <translation>
            <numerusform> · %n without database</numerusform>
            <numerusform> · %n without database</numerusform>
        </translation>
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
    <name>keyright::ReplicasDemoView</name>
    <message numerus="yes">
        <source>%n short of the true total</source>
        <translation>
            <numerusform>%n short of the true total</numerusform>
            <numerusform>%n short of the true total</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more than the map: something was added twice.</source>
        <translation>
            <numerusform>%n more than the map: something was added twice.</numerusform>
            <numerusform>%n more than the map: something was added twice.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fewer than the map: increments were lost.</source>
        <translation>
            <numerusform>%n fewer than the map: increments were lost.</numerusform>
            <numerusform>%n fewer than the map: increments were lost.</numerusform>
        </translation>
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
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;%n checkout(s) denied in the last hour&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n&#xa0;checkout denied in the last hour&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n&#xa0;checkouts denied in the last hour&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;%n checkout(s) denied in the hour before&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n checkout denied in the hour before&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n checkouts denied in the hour before&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting line (%n waiting)</source>
        <translation>
            <numerusform>Waiting line (%n waiting)</numerusform>
            <numerusform>Waiting line (%n waiting)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;%n reserved and idle&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n reserved and idle&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n reserved and idle&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n free</source>
        <translation>
            <numerusform>%n&#xa0;free</numerusform>
            <numerusform>%n&#xa0;free</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n waiting</numerusform>
            <numerusform>%n waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;%n still live now by their last leases&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n still live now by its last lease&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n still live now by their last leases&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;As of %2: %3 of %n seat(s) in use&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;As of %2: %3 of %n seat in use&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;As of %2: %3 of %n seats in use&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2 of %n&lt;/b&gt;&lt;/span&gt; seat(s) in use</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2 of %n&lt;/b&gt;&lt;/span&gt; seat in use</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2 of %n&lt;/b&gt;&lt;/span&gt; seats in use</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Expires in %n day(s), on %1</source>
        <translation>
            <numerusform>Expires in %n day, on %1</numerusform>
            <numerusform>Expires in %n days, on %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Maintenance ends in %n day(s), on %1</source>
        <translation>
            <numerusform>Maintenance ends in %n day, on %1</numerusform>
            <numerusform>Maintenance ends in %n days, on %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::SimulatedClient</name>
    <message numerus="yes">
        <source>borrowed for %n day(s), until %1</source>
        <extracomment>A simulated laptop borrowed a seat for %n days; %1 is when the borrow ends.</extracomment>
        <translation>
            <numerusform>borrowed for %n day, until %1</numerusform>
            <numerusform>borrowed for %n days, until %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::Simulation</name>
    <message numerus="yes">
        <source>Returned the seat a laptop still had borrowed from an earlier run.</source>
        <extracomment>Said before &quot;Playing 10. ...&quot; when the set-up gave back a seat a laptop of a dashboard that was killed or crashed still held borrowed.</extracomment>
        <translation>
            <numerusform>Returned the seat a laptop still had borrowed from an earlier run.</numerusform>
            <numerusform>Returned the %n seats that laptops still had borrowed from an earlier run.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::SimulatorView</name>
    <message numerus="yes">
        <source>%1 (%n seat(s), TTL %2 s)</source>
        <translation>
            <numerusform>%1 (%n seat, TTL %2 s)</numerusform>
            <numerusform>%1 (%n seats, TTL %2 s)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::UsagePage</name>
    <message numerus="yes">
        <source>At least %n seat(s) in use</source>
        <translation>
            <numerusform>At least %n seat in use</numerusform>
            <numerusform>At least %n seats in use</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n checkout(s) refused in all; the true denials are those whose holder got no seat soon after.</source>
        <translation>
            <numerusform>%n checkout refused in all; the true denials are those whose holder got no seat soon after.</numerusform>
            <numerusform>%n checkouts refused in all; the true denials are those whose holder got no seat soon after.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At least %n seat(s)</source>
        <translation>
            <numerusform>At least %n seat</numerusform>
            <numerusform>At least %n seats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>More than the peak of %1: every seat was taken at the peak and %n checkout(s) were refused.</source>
        <translation>
            <numerusform>More than the peak of %1: every seat was taken at the peak and %n checkout was refused.</numerusform>
            <numerusform>More than the peak of %1: every seat was taken at the peak and %n checkouts were refused.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bucket(s) of usage, in %1</source>
        <translation>
            <numerusform>%n bucket of usage, in %1</numerusform>
            <numerusform>%n buckets of usage, in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>More than the peak of %1: replayed with %2 seats, %n more checkout(s) of the range are refused or give up than with %3.</source>
        <translation>
            <numerusform>More than the peak of %1: replayed with %2 seats, %n more checkout of the range is refused or gives up than with %3.</numerusform>
            <numerusform>More than the peak of %1: replayed with %2 seats, %n more checkouts of the range are refused or give up than with %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Borrowed seats: at most %n at once, %1 seat-hours, %2 of the %3 in use at the peak</source>
        <translation>
            <numerusform>Borrowed seats: at most %n at once, %1 seat-hours, %2 of the %3 in use at the peak</numerusform>
            <numerusform>Borrowed seats: at most %n at once, %1 seat-hours, %2 of the %3 in use at the peak</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Borrowed seats: at most %n at once, %1 seat-hours</source>
        <translation>
            <numerusform>Borrowed seats: at most %n at once, %1 seat-hours</numerusform>
            <numerusform>Borrowed seats: at most %n at once, %1 seat-hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the seats in use at the peak (%1) were borrowed: laptops away count until they come back or expire.</source>
        <translation>
            <numerusform>%n of the seats in use at the peak (%1) was borrowed: a laptop away counts until it comes back or expires.</numerusform>
            <numerusform>%n of the seats in use at the peak (%1) were borrowed: laptops away count until they come back or expire.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n hour</numerusform>
            <numerusform>%n hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
</context>
</TS>
