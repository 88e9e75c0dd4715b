// The PostgreSQL the tests run against: that the test command really starts one, and that each
// test's database is its own and goes away with it. Every PostgreSQL case of the suite relies on
// both; a test here fails in CI rather than letting those cases skip unnoticed.

#include "PgTestDatabase.h"

#include <QSqlQuery>
#include <QTest>

using namespace keyright;

class TestPgCluster : public QObject
{
    Q_OBJECT

private slots:
    void postgresqlIsThere();
    void postgresqlDatabasesAreIsolated();
    void postgresqlDatabaseIsDroppedWithTheFixture();
    void postgresqlTerminatedSessionIsNoticed();
};

void TestPgCluster::postgresqlIsThere()
{
    PgTestDatabase db;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(db);
    QSqlQuery q(db.connection());
    QVERIFY(q.exec(QStringLiteral("SHOW server_version_num")));
    QVERIFY(q.next());
    QVERIFY2(q.value(0).toInt() >= 150000, qPrintable(q.value(0).toString()));
    QVERIFY(db.url().startsWith(QLatin1String("postgresql://")));
    QVERIFY(db.url().endsWith(QLatin1Char('/') + db.name()));
}

void TestPgCluster::postgresqlDatabasesAreIsolated()
{
    PgTestDatabase a;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(a);
    PgTestDatabase b;
    QVERIFY(b.isAvailable());
    QVERIFY(a.name() != b.name());
    QString error;
    QVERIFY2(a.exec(QStringLiteral("CREATE TABLE only_in_a (x int)"), &error), qPrintable(error));
    QVERIFY2(b.exec(QStringLiteral("CREATE TABLE only_in_b (x int)"), &error), qPrintable(error));
    QVERIFY(!b.exec(QStringLiteral("SELECT * FROM only_in_a"), &error));
    QVERIFY2(error.contains(QLatin1String("only_in_a")), qPrintable(error));
}

void TestPgCluster::postgresqlDatabaseIsDroppedWithTheFixture()
{
    QString name;
    {
        PgTestDatabase db;
        KEYRIGHT_REQUIRE_PG_OR_SKIP(db);
        name = db.name();
        QVERIFY(db.exec(QStringLiteral("CREATE TABLE t (x int)")));
    }
    PgTestDatabase other;
    QVERIFY(other.isAvailable());
    QSqlQuery q(other.connection());
    QVERIFY(q.prepare(QStringLiteral("SELECT count(*) FROM pg_database WHERE datname = ?")));
    q.addBindValue(name);
    QVERIFY(q.exec());
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 0);
}

void TestPgCluster::postgresqlTerminatedSessionIsNoticed()
{
    PgTestDatabase db;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(db);
    // A second session on the same database, as a server's store would hold.
    QSqlDatabase victim = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("victim"));
    const QUrl url(db.url());
    victim.setHostName(url.host());
    victim.setPort(url.port());
    victim.setUserName(url.userName());
    victim.setDatabaseName(db.name());
    QVERIFY(victim.open());
    QVERIFY(QSqlQuery(victim).exec(QStringLiteral("SELECT 1")));
    QCOMPARE(db.terminateOtherSessions(), 1);
    QVERIFY(!QSqlQuery(victim).exec(QStringLiteral("SELECT 1")));
    victim.close();
    victim = {};
    QSqlDatabase::removeDatabase(QStringLiteral("victim"));
}

QTEST_GUILESS_MAIN(TestPgCluster)
#include "tst_pgcluster.moc"
