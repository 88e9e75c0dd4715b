#pragma once

#include <QString>
#include <QStringList>

#include <chrono>

namespace keyright {

// A PostgreSQL cluster of the test's own, made by scripts/pg-cluster.sh as the test command's
// shared one is (initdb into a temporary directory as the `postgres` user, 127.0.0.1 and a random
// port, every wait bounded), and stopped and removed by the destructor. For what a test must not
// do to the shared cluster: with Options::fakeTime its server runs under libfaketime, and
// setClockOffset() steps the database's wall clock (its monotonic clock left alone), as an NTP
// step or a restored virtual machine would.
class PgCluster
{
public:
    struct Options
    {
        bool fakeTime = false;
    };

    explicit PgCluster(Options options);
    ~PgCluster();
    PgCluster(const PgCluster &) = delete;
    PgCluster &operator=(const PgCluster &) = delete;

    // Why a cluster under libfaketime cannot be made here (empty when it can): PostgreSQL or
    // libfaketime (Debian's libfaketime) missing.
    static QString fakeTimeMissing();

    // Initializes and starts the cluster; false with the script's output on failure.
    bool start(QString *error);
    // postgresql://postgres@127.0.0.1:PORT/postgres, what PgTestDatabase takes.
    QString adminUrl() const { return m_adminUrl; }
    // The database's wall clock runs `offset` away from the machine's from now on (fakeTime only).
    bool setClockOffset(std::chrono::seconds offset, QString *error);

private:
    bool runScript(const QStringList &arguments, QString *output);

    Options m_options;
    QString m_dir;
    QString m_adminUrl;
    bool m_started = false;
};

} // namespace keyright
