// PollScheduler on an injected timer: the test sees every delay it arms and fires it by hand, so
// back-off and the in-flight guard are checked without waiting for real time.

#include "PollScheduler.h"

#include <QSignalSpy>
#include <QTest>

#include <functional>

using namespace keyright;
using std::chrono::milliseconds;

class TestPollScheduler : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void startPollsAtOnceThenAfterTheInterval();
    void pollNowDoesNothingWhileAPollIsInFlight();
    void theTimerNeverStartsASecondPoll();
    void aPollEndsWithItsLastRequest();
    void failuresBackOffDoublingUpToTheCap();
    void aSuccessResetsTheBackoff();
    void noBackoffWhenTheCapIsBelowTheInterval();
    void pauseHoldsTheScheduleAndResumeRestartsIt();
    void stopForgetsThePollInFlight();
    void aNewIntervalAppliesToTheWaitingTimer();

private:
    // Starts a poll with one request, as the owners do.
    void answer(bool ok);

    std::unique_ptr<PollScheduler> m_scheduler;
    QList<milliseconds> m_armed; // every delay armed; -1 for a disarm
    int m_polls = 0;
};

void TestPollScheduler::init()
{
    m_armed.clear();
    m_polls = 0;
    m_scheduler = std::make_unique<PollScheduler>([this](milliseconds delay) { m_armed << delay; });
    m_scheduler->setInterval(milliseconds {1000});
    m_scheduler->setMaxBackoff(milliseconds {8000});
    m_scheduler->setPoll([this] {
        ++m_polls;
        m_scheduler->beginRequest();
    });
}

void TestPollScheduler::cleanup()
{
    m_scheduler.reset();
}

void TestPollScheduler::answer(bool ok)
{
    m_scheduler->endRequest(ok);
}

void TestPollScheduler::startPollsAtOnceThenAfterTheInterval()
{
    m_scheduler->start();
    QCOMPARE(m_polls, 1);
    QVERIFY(m_scheduler->isInFlight());
    QVERIFY(!m_scheduler->isArmed());
    QSignalSpy finished(m_scheduler.get(), &PollScheduler::finished);
    answer(true);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY(m_scheduler->isArmed());
    QCOMPARE(m_armed.constLast(), milliseconds {1000});
    m_scheduler->due();
    QCOMPARE(m_polls, 2);
}

void TestPollScheduler::pollNowDoesNothingWhileAPollIsInFlight()
{
    m_scheduler->start();
    m_scheduler->pollNow();
    m_scheduler->pollNow();
    QCOMPARE(m_polls, 1);
    answer(true);
    m_scheduler->pollNow();
    QCOMPARE(m_polls, 2);
    // A refresh skips the wait: the timer armed after the first poll was taken back.
    QCOMPARE(m_armed.constLast(), milliseconds {-1});
}

void TestPollScheduler::theTimerNeverStartsASecondPoll()
{
    m_scheduler->start();
    m_scheduler->due(); // a late timer while the poll is slow
    QCOMPARE(m_polls, 1);
}

void TestPollScheduler::aPollEndsWithItsLastRequest()
{
    m_scheduler->setPoll([this] {
        ++m_polls;
        for (int i = 0; i < 3; ++i)
            m_scheduler->beginRequest();
    });
    QSignalSpy finished(m_scheduler.get(), &PollScheduler::finished);
    m_scheduler->start();
    answer(true);
    answer(false);
    QCOMPARE(finished.size(), 0);
    QVERIFY(m_scheduler->isInFlight());
    // A request joining the poll in flight keeps it open.
    m_scheduler->beginRequest();
    answer(true);
    QCOMPARE(finished.size(), 0);
    answer(true);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), false); // one request failed: the poll failed
    QCOMPARE(m_polls, 1);
}

void TestPollScheduler::failuresBackOffDoublingUpToTheCap()
{
    m_scheduler->start();
    const QList<milliseconds> expected {milliseconds {1000}, milliseconds {2000}, milliseconds {4000},
                                        milliseconds {8000}, milliseconds {8000}};
    for (int i = 0; i < expected.size(); ++i) {
        answer(false);
        QCOMPARE(m_scheduler->failureCount(), i + 1);
        QCOMPARE(m_scheduler->retryDelay(), expected.at(i));
        QCOMPARE(m_armed.constLast(), expected.at(i));
        m_scheduler->due();
    }
    QCOMPARE(m_polls, expected.size() + 1);
}

void TestPollScheduler::aSuccessResetsTheBackoff()
{
    m_scheduler->start();
    answer(false);
    m_scheduler->due();
    answer(false);
    QCOMPARE(m_armed.constLast(), milliseconds {2000});
    m_scheduler->due();
    answer(true);
    QCOMPARE(m_scheduler->failureCount(), 0);
    QCOMPARE(m_scheduler->retryDelay(), milliseconds {0});
    QCOMPARE(m_armed.constLast(), milliseconds {1000});
}

void TestPollScheduler::noBackoffWhenTheCapIsBelowTheInterval()
{
    m_scheduler->setMaxBackoff(milliseconds {0});
    m_scheduler->start();
    for (int i = 0; i < 4; ++i) {
        answer(false);
        QCOMPARE(m_armed.constLast(), milliseconds {1000});
        m_scheduler->due();
    }
}

void TestPollScheduler::pauseHoldsTheScheduleAndResumeRestartsIt()
{
    m_scheduler->start();
    m_scheduler->pause();
    answer(true);
    QVERIFY(!m_scheduler->isArmed());
    m_scheduler->due(); // a timer that was already queued
    QCOMPARE(m_polls, 1);
    // An explicit poll still works while paused, and does not restart the schedule.
    m_scheduler->pollNow();
    QCOMPARE(m_polls, 2);
    answer(true);
    QVERIFY(!m_scheduler->isArmed());
    m_scheduler->resume();
    QVERIFY(m_scheduler->isArmed());
    QCOMPARE(m_armed.constLast(), milliseconds {1000});
}

void TestPollScheduler::stopForgetsThePollInFlight()
{
    m_scheduler->start();
    answer(false);
    m_scheduler->due();
    m_scheduler->stop();
    QVERIFY(!m_scheduler->isInFlight());
    QCOMPARE(m_scheduler->failureCount(), 0);
    QSignalSpy finished(m_scheduler.get(), &PollScheduler::finished);
    answer(true); // the late answer of the forgotten poll
    QCOMPARE(finished.size(), 0);
    QVERIFY(!m_scheduler->isArmed());
    m_scheduler->start();
    QCOMPARE(m_polls, 3);
}

void TestPollScheduler::aNewIntervalAppliesToTheWaitingTimer()
{
    m_scheduler->start();
    answer(true);
    m_scheduler->setInterval(milliseconds {5000});
    QCOMPARE(m_armed.constLast(), milliseconds {5000});
    // During a back-off the new interval waits for the next poll.
    m_scheduler->due();
    answer(false);
    const milliseconds backoff = m_armed.constLast();
    m_scheduler->setInterval(milliseconds {200});
    QCOMPARE(m_armed.constLast(), backoff);
}

QTEST_GUILESS_MAIN(TestPollScheduler)
#include "tst_pollscheduler.moc"
