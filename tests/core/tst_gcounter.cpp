#include "GCounter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <algorithm>
#include <limits>
#include <vector>

using namespace keyright;
using namespace Qt::StringLiterals;

using State = GCounter::State;

namespace {

// Every state over replicas {a, b, c} with each component absent, 0, 1 or 2: 64 states, and every
// pair and triple of them, so the laws are searched for a counter-example rather than argued.
QList<State> smallDomain()
{
    const QStringList replicas {u"a"_s, u"b"_s, u"c"_s};
    QList<State> states;
    for (int code = 0; code < 64; ++code) {
        State state;
        int rest = code;
        for (const QString &replica : replicas) {
            const int digit = rest % 4; // 0 = absent, else value digit - 1
            rest /= 4;
            if (digit > 0)
                state.insert(replica, static_cast<quint64>(digit - 1));
        }
        states.append(state);
    }
    return states;
}

// The two rules that come to mind first, kept here only to show how they go wrong.
quint64 sumOfTotals(const QList<State> &received)
{
    quint64 total = 0;
    for (const State &state : received)
        total += GCounter::value(state);
    return total;
}

quint64 maxOfTotals(const QList<State> &received)
{
    quint64 total = 0;
    for (const State &state : received)
        total = std::max(total, GCounter::value(state));
    return total;
}

QString describe(const State &state)
{
    QStringList parts;
    for (auto it = state.cbegin(); it != state.cend(); ++it)
        parts << u"%1:%2"_s.arg(it.key()).arg(it.value());
    return u"{"_s + parts.join(u", "_s) + u"}"_s;
}

} // namespace

class TestGCounter : public QObject
{
    Q_OBJECT

private slots:
    void increment_data();
    void increment();
    void incrementSaturates();
    void valueSumsAndSaturates();

    void mergeIsIdempotent();
    void mergeIsCommutative();
    void mergeIsAssociative();
    void emptyStateIsNeutral();
    void mergeNeverLowersAComponent();

    void workedMerges_data();
    void workedMerges();
    void outageThenReconnectCountsBothIncrements();
    void relayPassesOnWhatItMerged();
    void staleSnapshotAfterConvergenceChangesNothing();
    void oldSnapshotCanStillBringSomethingNew();
    void partitionTraceConverges_data();
    void partitionTraceConverges();
    void restartUnderSameIdLosesIncrements();
    void regressions_data();
    void regressions();

    void jsonRoundTrips_data();
    void jsonRoundTrips();
    void jsonRejects_data();
    void jsonRejects();
};

void TestGCounter::increment_data()
{
    QTest::addColumn<State>("before");
    QTest::addColumn<QString>("replica");
    QTest::addColumn<quint64>("by");
    QTest::addColumn<State>("after");

    QTest::newRow("first increment creates the component")
        << State {} << u"alice"_s << quint64 {1} << State {{u"alice"_s, 1}};
    QTest::newRow("only the writer's own component moves") << State {{u"alice"_s, 3}, {u"bob"_s, 2}} << u"alice"_s
                                                           << quint64 {1} << State {{u"alice"_s, 4}, {u"bob"_s, 2}};
    QTest::newRow("by several") << State {{u"bob"_s, 2}} << u"bob"_s << quint64 {5} << State {{u"bob"_s, 7}};
    QTest::newRow("zero changes nothing") << State {{u"bob"_s, 2}} << u"bob"_s << quint64 {0} << State {{u"bob"_s, 2}};
    QTest::newRow("zero does not create a component") << State {} << u"carol"_s << quint64 {0} << State {};
}

void TestGCounter::increment()
{
    QFETCH(State, before);
    QFETCH(QString, replica);
    QFETCH(quint64, by);
    QFETCH(State, after);
    QCOMPARE(GCounter::increment(before, replica, by), after);
    QCOMPARE(GCounter::value(GCounter::increment(before, replica, by)), GCounter::value(before) + by);
}

void TestGCounter::incrementSaturates()
{
    constexpr quint64 max = std::numeric_limits<quint64>::max();
    const State nearlyFull {{u"a"_s, max - 1}};
    QCOMPARE(GCounter::increment(nearlyFull, u"a"_s, 5), (State {{u"a"_s, max}}));
    QCOMPARE(GCounter::increment(State {{u"a"_s, max}}, u"a"_s), (State {{u"a"_s, max}}));
}

void TestGCounter::valueSumsAndSaturates()
{
    QCOMPARE(GCounter::value({}), quint64 {0});
    QCOMPARE(GCounter::value(State {{u"alice"_s, 2}, {u"bob"_s, 3}, {u"carol"_s, 1}}), quint64 {6});
    constexpr quint64 max = std::numeric_limits<quint64>::max();
    QCOMPARE(GCounter::value(State {{u"a"_s, max}, {u"b"_s, 1}}), max);
}

void TestGCounter::mergeIsIdempotent()
{
    // A duplicated delivery changes nothing.
    for (const State &x : smallDomain())
        QVERIFY2(GCounter::merge(x, x) == x, qPrintable(describe(x)));
}

void TestGCounter::mergeIsCommutative()
{
    // Two deliveries in either order end the same.
    const QList<State> domain = smallDomain();
    for (const State &x : domain)
        for (const State &y : domain)
            QVERIFY2(GCounter::merge(x, y) == GCounter::merge(y, x), qPrintable(describe(x) + describe(y)));
}

void TestGCounter::mergeIsAssociative()
{
    // A relay that merged two states before passing them on leads to the same result. The domain
    // is closed under merge, so every pairwise merge is computed once (with the real function) and
    // the 64^3 triples are then checked through that table.
    const QList<State> domain = smallDomain();
    QHash<QString, int> indexOf;
    for (int i = 0; i < domain.size(); ++i)
        indexOf.insert(describe(domain.at(i)), i);
    std::vector<int> table(domain.size() * domain.size(), -1);
    for (int i = 0; i < domain.size(); ++i) {
        for (int j = 0; j < domain.size(); ++j) {
            const int merged = indexOf.value(describe(GCounter::merge(domain.at(i), domain.at(j))), -1);
            QVERIFY(merged >= 0);
            table[i * domain.size() + j] = merged;
        }
    }
    const auto merge = [&](int i, int j) { return table[i * domain.size() + j]; };
    int checked = 0;
    for (int x = 0; x < domain.size(); ++x) {
        for (int y = 0; y < domain.size(); ++y) {
            for (int z = 0; z < domain.size(); ++z) {
                if (merge(merge(x, y), z) != merge(x, merge(y, z)))
                    QFAIL(qPrintable(u"not associative for "_s + describe(domain.at(x)) + describe(domain.at(y))
                                     + describe(domain.at(z))));
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 64 * 64 * 64);
}

void TestGCounter::emptyStateIsNeutral()
{
    for (const State &x : smallDomain()) {
        QCOMPARE(GCounter::merge(x, {}), x);
        QCOMPARE(GCounter::merge({}, x), x);
    }
}

void TestGCounter::mergeNeverLowersAComponent()
{
    const QList<State> domain = smallDomain();
    for (const State &x : domain) {
        for (const State &y : domain) {
            const State merged = GCounter::merge(x, y);
            QVERIFY(GCounter::regressions(x, merged).isEmpty());
            QVERIFY(GCounter::regressions(y, merged).isEmpty());
            QVERIFY(GCounter::value(merged) >= std::max(GCounter::value(x), GCounter::value(y)));
        }
    }
}

void TestGCounter::workedMerges_data()
{
    QTest::addColumn<State>("local");
    QTest::addColumn<State>("received");
    QTest::addColumn<State>("merged");
    QTest::addColumn<quint64>("total");

    QTest::newRow("per-writer max of two partial views")
        << State {{u"alice"_s, 3}, {u"bob"_s, 1}} << State {{u"alice"_s, 2}, {u"bob"_s, 2}}
        << State {{u"alice"_s, 3}, {u"bob"_s, 2}} << quint64 {5};
    QTest::newRow("older state of the same writer keeps the larger component")
        << State {{u"alice"_s, 4}, {u"bob"_s, 2}} << State {{u"alice"_s, 3}, {u"bob"_s, 2}}
        << State {{u"alice"_s, 4}, {u"bob"_s, 2}} << quint64 {6};
    QTest::newRow("two independent writers keep both contributions")
        << State {{u"alice"_s, 2}} << State {{u"bob"_s, 3}} << State {{u"alice"_s, 2}, {u"bob"_s, 3}} << quint64 {5};
    QTest::newRow("absent component counts as zero")
        << State {{u"alice"_s, 1}} << State {{u"alice"_s, 1}, {u"carol"_s, 0}}
        << State {{u"alice"_s, 1}, {u"carol"_s, 0}} << quint64 {1};
}

void TestGCounter::workedMerges()
{
    QFETCH(State, local);
    QFETCH(State, received);
    QFETCH(State, merged);
    QFETCH(quint64, total);
    QCOMPARE(GCounter::merge(local, received), merged);
    QCOMPARE(GCounter::value(GCounter::merge(local, received)), total);
}

// Alice and Bob both know 5 when the link drops; each adds one and announces 6. The right answer
// after reconnecting is 7. Summing totals says 12 (the shared 5 counted twice, and a resent
// message adds 6 more); keeping the larger total says 6 (one increment lost).
void TestGCounter::outageThenReconnectCountsBothIncrements()
{
    const State shared {{u"alice"_s, 3}, {u"bob"_s, 2}};
    const State alice = GCounter::increment(shared, u"alice"_s);
    const State bob = GCounter::increment(shared, u"bob"_s);
    QCOMPARE(GCounter::value(alice), quint64 {6});
    QCOMPARE(GCounter::value(bob), quint64 {6});

    const State aliceAfter = GCounter::merge(alice, bob);
    const State bobAfter = GCounter::merge(bob, alice);
    QCOMPARE(aliceAfter, bobAfter);
    QCOMPARE(GCounter::value(aliceAfter), quint64 {7});
    // The same message delivered again: still 7.
    QCOMPARE(GCounter::value(GCounter::merge(aliceAfter, bob)), quint64 {7});

    QCOMPARE(sumOfTotals({alice, bob}), quint64 {12});
    QCOMPARE(sumOfTotals({alice, bob, bob}), quint64 {18});
    QCOMPARE(maxOfTotals({alice, bob}), quint64 {6});
}

void TestGCounter::relayPassesOnWhatItMerged()
{
    State alice {{u"alice"_s, 2}};
    State bob {{u"bob"_s, 1}};
    State carol;

    bob = GCounter::merge(bob, alice); // alice -> bob
    carol = GCounter::merge(carol, bob); // bob -> carol: Carol never hears from Alice directly
    alice = GCounter::merge(alice, bob); // bob -> alice

    const State expected {{u"alice"_s, 2}, {u"bob"_s, 1}};
    QCOMPARE(alice, expected);
    QCOMPARE(bob, expected);
    QCOMPARE(carol, expected);
    QCOMPARE(GCounter::value(carol), quint64 {3});
}

void TestGCounter::staleSnapshotAfterConvergenceChangesNothing()
{
    const State local {{u"alice"_s, 3}, {u"bob"_s, 2}};
    const State duplicate = local;
    const State old {{u"alice"_s, 2}, {u"bob"_s, 1}};

    const State after = GCounter::merge(GCounter::merge(local, duplicate), old);
    QCOMPARE(after, local);
    QCOMPARE(GCounter::value(after), quint64 {5});
    // Adding up what arrived would claim 13 for five real contributions.
    QCOMPARE(sumOfTotals({local, duplicate, old}), quint64 {13});
}

void TestGCounter::oldSnapshotCanStillBringSomethingNew()
{
    const State local {{u"alice"_s, 3}, {u"bob"_s, 2}};
    const State oldButNews {{u"alice"_s, 1}, {u"carol"_s, 1}};
    QCOMPARE(GCounter::merge(local, oldButNews), (State {{u"alice"_s, 3}, {u"bob"_s, 2}, {u"carol"_s, 1}}));
}

void TestGCounter::partitionTraceConverges_data()
{
    QTest::addColumn<QString>("deliveryOrder");
    QTest::newRow("alice, bob, carol") << u"abc"_s;
    QTest::newRow("carol, bob, alice") << u"cba"_s;
    QTest::newRow("bob, carol, alice") << u"bca"_s;
    QTest::newRow("everything twice") << u"abcabc"_s;
    QTest::newRow("duplicates interleaved") << u"aabbbcca"_s;
}

// Three replicas count during a partition (alice twice, bob three times, carol once); snapshots
// taken before any merge are the messages in flight, delivered on reconnection in any order.
void TestGCounter::partitionTraceConverges()
{
    QFETCH(QString, deliveryOrder);

    State alice;
    State bob;
    State carol;
    alice = GCounter::increment(GCounter::increment(alice, u"alice"_s), u"alice"_s);
    for (int i = 0; i < 3; ++i)
        bob = GCounter::increment(bob, u"bob"_s);
    carol = GCounter::increment(carol, u"carol"_s);

    const QMap<QChar, State> inFlight {{u'a', alice}, {u'b', bob}, {u'c', carol}};
    for (const QChar from : deliveryOrder) {
        alice = GCounter::merge(alice, inFlight.value(from));
        bob = GCounter::merge(bob, inFlight.value(from));
        carol = GCounter::merge(carol, inFlight.value(from));
    }

    const State expected {{u"alice"_s, 2}, {u"bob"_s, 3}, {u"carol"_s, 1}};
    QCOMPARE(alice, expected);
    QCOMPARE(bob, expected);
    QCOMPARE(carol, expected);
    QCOMPARE(GCounter::value(alice), quint64 {6});
}

// A replica that restarts from nothing under its old id counts again from 1, which the per-writer
// max silently ignores: the increment is lost. regressions() is how a receiver notices.
void TestGCounter::restartUnderSameIdLosesIncrements()
{
    const State bobKnows {{u"alice"_s, 2}, {u"bob"_s, 1}};
    const State restartedAlice = GCounter::increment({}, u"alice"_s);

    const State merged = GCounter::merge(bobKnows, restartedAlice);
    QCOMPARE(merged, bobKnows);
    QCOMPARE(GCounter::value(merged), quint64 {3}); // four increments happened, three are counted
    QCOMPARE(GCounter::regressions(bobKnows, restartedAlice), QStringList {u"alice"_s});
}

void TestGCounter::regressions_data()
{
    QTest::addColumn<State>("held");
    QTest::addColumn<State>("incoming");
    QTest::addColumn<QStringList>("regressed");

    QTest::newRow("same state") << State {{u"a"_s, 2}} << State {{u"a"_s, 2}} << QStringList {};
    QTest::newRow("newer state") << State {{u"a"_s, 2}} << State {{u"a"_s, 3}, {u"b"_s, 1}} << QStringList {};
    QTest::newRow("one component went back")
        << State {{u"a"_s, 2}, {u"b"_s, 5}} << State {{u"a"_s, 2}, {u"b"_s, 1}} << QStringList {u"b"_s};
    QTest::newRow("two went back, listed in order")
        << State {{u"a"_s, 2}, {u"b"_s, 5}, {u"c"_s, 1}} << State {{u"c"_s, 0}, {u"a"_s, 1}, {u"b"_s, 5}}
        << QStringList {u"a"_s, u"c"_s};
    QTest::newRow("absent component is lag, not a regression")
        << State {{u"a"_s, 2}} << State {{u"b"_s, 1}} << QStringList {};
}

void TestGCounter::regressions()
{
    QFETCH(State, held);
    QFETCH(State, incoming);
    QFETCH(QStringList, regressed);
    QCOMPARE(GCounter::regressions(held, incoming), regressed);
}

void TestGCounter::jsonRoundTrips_data()
{
    QTest::addColumn<State>("state");
    QTest::newRow("empty") << State {};
    QTest::newRow("partition result") << State {{u"alice"_s, 2}, {u"bob"_s, 3}, {u"carol"_s, 1}};
    QTest::newRow("explicit zero") << State {{u"a"_s, 0}};
    QTest::newRow("largest exact JSON number") << State {{u"a"_s, 9007199254740991}};
    QTest::newRow("above 2^53") << State {{u"a"_s, 9007199254740993}};
    QTest::newRow("saturated") << State {{u"a"_s, std::numeric_limits<quint64>::max()}};
}

void TestGCounter::jsonRoundTrips()
{
    QFETCH(State, state);
    const QByteArray text = QJsonDocument(GCounter::toJson(state)).toJson(QJsonDocument::Compact);
    QString error;
    const auto decoded = GCounter::fromJson(QJsonDocument::fromJson(text).object(), &error);
    QVERIFY2(decoded.has_value(), qPrintable(error));
    QCOMPARE(*decoded, state);
}

void TestGCounter::jsonRejects_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("array") << "[1,2]"_ba;
    QTest::newRow("negative component") << R"({"a":-1})"_ba;
    QTest::newRow("fraction") << R"({"a":1.5})"_ba;
    QTest::newRow("boolean") << R"({"a":true})"_ba;
    QTest::newRow("null") << R"({"a":null})"_ba;
    QTest::newRow("word") << R"({"a":"two"})"_ba;
    QTest::newRow("signed string") << R"({"a":"+5"})"_ba;
    QTest::newRow("string beyond 64 bits") << R"({"a":"18446744073709551616"})"_ba;
    QTest::newRow("inexact large number") << R"({"a":1e300})"_ba;
    QTest::newRow("nested object") << R"({"a":{"n":1}})"_ba;
}

void TestGCounter::jsonRejects()
{
    QFETCH(QByteArray, text);
    const QJsonDocument document = QJsonDocument::fromJson(text);
    const QJsonValue json = document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
    QString error;
    QVERIFY(!GCounter::fromJson(json, &error).has_value());
    QVERIFY(!error.isEmpty());
    if (document.isObject())
        QVERIFY2(error.contains(u"\"a\""_s), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestGCounter)
#include "tst_gcounter.moc"
