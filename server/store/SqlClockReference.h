#pragma once

#include "ClockReference.h"

#include <memory>
#include <optional>

namespace keyright::server {

class SqlConnection;

// The clock_reference table: one row, the server's clock as last recorded (ClockReference), read
// when a server starts and written at every tick of its ClockWatch (GuardedWallClock). On
// PostgreSQL the same row is the reference every instance decides with, advanced by
// PgLeaseStore::advanceClock.
class SqlClockReference
{
public:
    explicit SqlClockReference(SqlConnection &connection);
    ~SqlClockReference();
    SqlClockReference(const SqlClockReference &) = delete;
    SqlClockReference &operator=(const SqlClockReference &) = delete;

    bool prepare(QString *error);

    std::optional<ClockReference> read();
    void write(const ClockReference &reference);

    // The statement that makes the table (a migration step of each store; `integer` is its
    // 64-bit type).
    static QString createTable(const QString &integer);
    // The column's value for an epoch: an unknown one (a null QString, as a faked boot clock
    // gives) is stored as '' rather than bound as SQL NULL, which the NOT NULL column refuses.
    static QString storedEpoch(const QString &epoch);

private:
    struct Statements;

    Statements &statements();

    SqlConnection &m_connection;
    std::unique_ptr<Statements> m_statements;
};

} // namespace keyright::server
