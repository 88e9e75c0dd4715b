<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB">
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
        <name>keyright::MainWindow</name>
        <message numerus="yes">
            <source>%n failed poll(s) in a row. Retrying every %1 s; the data shown is from the last successful poll.</source>
            <translation>
                <numerusform>%n failed poll. Retrying every %1 s; the data shown is from the last successful poll.</numerusform>
                <numerusform>%n failed polls in a row. Retrying every %1 s; the data shown is from the last successful poll.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) reclaimed.</source>
            <translation>
                <numerusform>%n seat reclaimed.</numerusform>
                <numerusform>%n seats reclaimed.</numerusform>
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
            <source>Reclaim %n seat(s)</source>
            <translation>
                <numerusform>Reclaim %n seat</numerusform>
                <numerusform>Reclaim %n seats</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) reclaimed.</source>
            <translation>
                <numerusform>%n seat reclaimed.</numerusform>
                <numerusform>%n seats reclaimed.</numerusform>
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
            <source>&lt;span style="color:#c62828"&gt;%n checkout(s) denied in the last hour&lt;/span&gt;</source>
            <translation>
                <numerusform>&lt;span style="color:#c62828"&gt;%n checkout denied in the last hour&lt;/span&gt;</numerusform>
                <numerusform>&lt;span style="color:#c62828"&gt;%n checkouts denied in the last hour&lt;/span&gt;</numerusform>
            </translation>
        </message>
    </context>
</TS>