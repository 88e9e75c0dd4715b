// An outage's failed requests fold into a few log lines an operator can read (issue 30: the
// storm benchmark's instances wrote some 65,000 lines in two minutes of outage).
#include "ManualClock.h"
#include "http/ApiMessages.h"
#include "http/StoreFailureLog.h"
#include "store/StoreTypes.h"

#include <QTest>

using namespace keyright;
using namespace keyright::server;
using namespace std::chrono_literals;
using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcFoldTest, "keyright.test.fold")

namespace {

QStringList g_lines;

void collect(QtMsgType, const QMessageLogContext &context, const QString &message)
{
    if (QByteArrayView(context.category) == "keyright.test.fold")
        g_lines.append(message);
}

const StoreError outage(StoreError::Kind::Unavailable,
                        u"PostgreSQL at 127.0.0.1:5432/keyright is unreachable: connection to server at \"127.0.0.1\", "
                        "port 5432 failed: Connection refused\n\tIs the server running on that host and accepting "
                        "TCP/IP connections?\nQPSQL: Unable to connect\n"_s);

} // namespace

class TestStoreFailureLog : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        g_lines.clear();
        m_previous = qInstallMessageHandler(collect);
    }
    void cleanup() { qInstallMessageHandler(m_previous); }

    void anOutageFoldsIntoOneLinePerWindow()
    {
        ManualClock clock;
        StoreFailureLog log(clock, 30s);
        // Two minutes of outage, 100 failed requests a second.
        for (int second = 0; second < 120; ++second) {
            for (int i = 0; i < 100; ++i)
                log.failed(lcFoldTest(), u"POST /v1/licenses/cad/checkout"_s, outage);
            clock.advance(1s);
        }
        QCOMPARE(g_lines.size(), 4);
        QVERIFY2(g_lines[0].startsWith(u"POST /v1/licenses/cad/checkout failed in the store: PostgreSQL at"_s),
                 qPrintable(g_lines[0]));
        QVERIFY2(!g_lines[0].contains(u"more request"_s), qPrintable(g_lines[0]));
        QVERIFY2(g_lines[1].endsWith(u"(and 2999 more request(s) failed the same way in the 30 s before)"_s),
                 qPrintable(g_lines[1]));
        QCOMPARE(log.folded(), 100 * 30 - 1);
    }

    void eachLineIsOneLine()
    {
        ManualClock clock;
        StoreFailureLog log(clock);
        const QString line = log.failed(lcFoldTest(), u"3 heartbeat(s)"_s, outage);
        QVERIFY(!line.contains(u'\n'));
        QVERIFY2(line.endsWith(u"accepting TCP/IP connections?; QPSQL: Unable to connect"_s), qPrintable(line));
        QCOMPARE(g_lines, QStringList {line});
    }

    void aFaultIsLoggedEachTime()
    {
        ManualClock clock;
        StoreFailureLog log(clock);
        log.failed(lcFoldTest(), u"GET /v1/licenses"_s, outage);
        const StoreError fault(StoreError::Kind::Failed, u"column \"seat\" does not exist"_s);
        for (int i = 0; i < 3; ++i)
            QVERIFY(!log.failed(lcFoldTest(), u"GET /v1/licenses"_s, fault).isEmpty());
        QVERIFY(log.failed(lcFoldTest(), u"GET /v1/licenses"_s, outage).isEmpty());
        QCOMPARE(g_lines.size(), 4);
    }

    void anOutagesRetryAfterIsSizedForTheSite()
    {
        // 20,000 clients asking again as each 503 says (plus up to half of it: the keeper's
        // jitter), against an instance that can serve 2,000 requests a second: the wait grows
        // until they come back at about that rate, then stays; a new outage starts at 1 s again.
        ManualClock clock;
        StoreFailureLog log(clock, 30s, 2000);
        QCOMPARE(log.retryAfter(), 1s);
        const int clients = 20000;
        for (int second = 0; second < 60; ++second) {
            const double wait = 1.25 * double(log.retryAfter().count());
            const int asking = int(clients / wait);
            for (int i = 0; i < asking; ++i) {
                log.failed(lcFoldTest(), u"POST /v1/licenses/cad/checkout"_s, outage);
                clock.advance(std::chrono::milliseconds {1000 / asking});
            }
            clock.advance(1s - std::chrono::milliseconds {(1000 / asking) * asking});
        }
        const auto settled = log.retryAfter();
        QVERIFY2(settled >= 7s && settled <= 10s, qPrintable(QString::number(settled.count())));
        ApiResponse response {503, "application/json", {}, {}, {}, {}, {}};
        response.headers.append(std::pair<QByteArray, QByteArray>("Retry-After", "1"));
        log.pace(response, outage);
        QCOMPARE(response.headers.size(), 1);
        QCOMPARE(response.headers.first().second, QByteArray::number(qint64(settled.count())));
        // Not an outage: left as it was.
        ApiResponse other {503, "application/json", {}, {}, {}, {}, {}};
        log.pace(other, StoreError(StoreError::Kind::Failed, u"disk full"_s));
        QVERIFY(other.headers.isEmpty());

        clock.advance(2min);
        log.failed(lcFoldTest(), u"POST /v1/licenses/cad/checkout"_s, outage);
        QCOMPARE(log.retryAfter(), 1s);
    }

private:
    QtMessageHandler m_previous = nullptr;
};

QTEST_GUILESS_MAIN(TestStoreFailureLog)
#include "tst_storefailurelog.moc"
