#pragma once

#include <QCoreApplication>
#include <QString>
#include <QTest>

namespace keyright {

// True when KEYRIGHT_TEST_STORE=postgres: the second ctest registration of a server contract test
// (tst_leaseserver_postgres, ...) runs the same cases on PostgreSQL.
inline bool storeUnderTestIsPostgres()
{
    return qEnvironmentVariable("KEYRIGHT_TEST_STORE").compare(QStringLiteral("postgres"), Qt::CaseInsensitive) == 0;
}

} // namespace keyright

// main() of a server contract test that also runs on PostgreSQL: with KEYRIGHT_TEST_STORE=postgres
// it runs TestClass##OnPostgres (a subclass the test declares, adding nothing), so that every
// case reports as TestClassOnPostgres::name and scripts/run-tests counts it as a PostgreSQL case.
#define KEYRIGHT_TEST_MAIN_ON_BOTH_STORES(TestClass)                                                                   \
    int main(int argc, char *argv[])                                                                                   \
    {                                                                                                                  \
        QCoreApplication app(argc, argv);                                                                              \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        if (keyright::storeUnderTestIsPostgres()) {                                                                    \
            TestClass##OnPostgres test;                                                                                \
            return QTest::qExec(&test, argc, argv);                                                                    \
        }                                                                                                              \
        TestClass test;                                                                                                \
        return QTest::qExec(&test, argc, argv);                                                                        \
    }
