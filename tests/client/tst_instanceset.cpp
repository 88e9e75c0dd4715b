#include "InstanceSet.h"
#include "ManualClock.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

// The instance list alone, on a ManualClock: which instance a request asks first, the back-off
// of one that failed, and that a refused instance is never asked again.
class TestInstanceSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    void duplicatesAndEmptyUrlsAreDropped();
    void firstConfiguredIsAskedFirst();
    void answeringInstanceIsSticky();
    void failedInstanceWaitsOutItsBackoff_data();
    void failedInstanceWaitsOutItsBackoff();
    void backoffDoublesAndIsCapped();
    void everyInstanceInBackoffIsStillTried();
    void refusedInstanceIsNeverTried();
    void upCountFollowsAnswers();

private:
    QList<QUrl> urls() const;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<InstanceSet> m_set;
};

QList<QUrl> TestInstanceSet::urls() const
{
    return {QUrl(u"http://a:7400"_s), QUrl(u"http://b:7400"_s), QUrl(u"http://c:7400"_s)};
}

void TestInstanceSet::init()
{
    m_clock = std::make_unique<ManualClock>();
    m_set = std::make_unique<InstanceSet>(*m_clock);
    m_set->setBackoff(1s, 8s);
    m_set->setUrls(urls());
}

void TestInstanceSet::duplicatesAndEmptyUrlsAreDropped()
{
    m_set->setUrls({QUrl(u"http://a:7400"_s), QUrl(), QUrl(u"http://a:7400/"_s), QUrl(u"http://b:7400"_s)});
    QCOMPARE(m_set->size(), 2);
    QCOMPARE(m_set->urls(), (QList<QUrl> {QUrl(u"http://a:7400"_s), QUrl(u"http://b:7400"_s)}));
}

void TestInstanceSet::firstConfiguredIsAskedFirst()
{
    QCOMPARE(m_set->attemptOrder(), (QList<int> {0, 1, 2}));
    QCOMPARE(m_set->current(), 0);
    QCOMPARE(m_set->upCount(), 0);
}

void TestInstanceSet::answeringInstanceIsSticky()
{
    m_set->markAnswered(2, 3ms);
    QCOMPARE(m_set->current(), 2);
    QCOMPARE(m_set->attemptOrder().constFirst(), 2);
    QCOMPARE(m_set->at(2).roundTrip, std::optional(3ms));
    m_clock->advance(1h);
    QCOMPARE(m_set->attemptOrder().constFirst(), 2);
    // A probe of another instance does not move the requests there.
    m_set->markAnswered(1, 5ms, false);
    QCOMPARE(m_set->current(), 2);
    QVERIFY(m_set->at(1).up);
}

void TestInstanceSet::failedInstanceWaitsOutItsBackoff_data()
{
    QTest::addColumn<int>("waitedMs");
    QTest::addColumn<int>("first");
    QTest::newRow("within the back-off: the next instance first") << 999 << 1;
    QTest::newRow("after the back-off: back in its place") << 1000 << 0;
}

void TestInstanceSet::failedInstanceWaitsOutItsBackoff()
{
    QFETCH(int, waitedMs);
    QFETCH(int, first);
    m_set->markFailed(0, u"connection refused"_s);
    QCOMPARE(m_set->at(0).lastError, u"connection refused"_s);
    QCOMPARE(m_set->attemptOrder(), (QList<int> {1, 2, 0}));
    m_clock->advance(std::chrono::milliseconds(waitedMs));
    QCOMPARE(m_set->attemptOrder().constFirst(), first);
}

void TestInstanceSet::backoffDoublesAndIsCapped()
{
    const auto retryIn = [this] { return m_set->at(0).retryAt - m_clock->monotonic(); };
    m_set->markFailed(0, u"x"_s);
    QCOMPARE(retryIn(), 1000ms);
    m_set->markFailed(0, u"x"_s);
    QCOMPARE(retryIn(), 2000ms);
    m_set->markFailed(0, u"x"_s);
    m_set->markFailed(0, u"x"_s);
    QCOMPARE(retryIn(), 8000ms);
    m_set->markFailed(0, u"x"_s);
    QCOMPARE(retryIn(), 8000ms);
    // One answer forgives everything.
    m_set->markAnswered(0, 1ms);
    QCOMPARE(m_set->at(0).failures, 0);
    m_set->markFailed(0, u"x"_s);
    QCOMPARE(retryIn(), 1000ms);
}

void TestInstanceSet::everyInstanceInBackoffIsStillTried()
{
    m_set->markFailed(1, u"x"_s);
    m_clock->advance(100ms);
    m_set->markFailed(0, u"x"_s);
    m_clock->advance(100ms);
    m_set->markFailed(2, u"x"_s);
    // Soonest out of its back-off first.
    QCOMPARE(m_set->attemptOrder(), (QList<int> {1, 0, 2}));
    QCOMPARE(m_set->upCount(), 0);
}

void TestInstanceSet::refusedInstanceIsNeverTried()
{
    m_set->markAnswered(1, 1ms);
    m_set->markRefused(1, u"another key"_s);
    QCOMPARE(m_set->attemptOrder(), (QList<int> {0, 2}));
    QCOMPARE(m_set->current(), 0);
    QVERIFY(!m_set->allRefused());
    m_set->markRefused(0, u"another key"_s);
    m_set->markRefused(2, u"another key"_s);
    QVERIFY(m_set->attemptOrder().isEmpty());
    QVERIFY(m_set->allRefused());
    QCOMPARE(m_set->current(), -1);
}

void TestInstanceSet::upCountFollowsAnswers()
{
    m_set->markAnswered(0, 1ms);
    m_set->markAnswered(1, 1ms);
    QCOMPARE(m_set->upCount(), 2);
    m_set->markFailed(0, u"reset"_s);
    QCOMPARE(m_set->upCount(), 1);
    QCOMPARE(m_set->current(), 1);
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestInstanceSet)
#include "tst_instanceset.moc"
