#pragma once

#include <QSqlError>
#include <QSqlQuery>
#include <QString>

#include <functional>
#include <memory>

namespace keyright::server {

class SqlConnection;

// The transaction engine both stores run their units on (LeaseStore's withLicense/withStore and
// its batches). A unit joins the unit it is called from, else is a savepoint of the open batch,
// else a transaction of its own. A unit that throws is undone alone; a batch commits all its
// units at once or keeps none.
//
// A unit that failed with StoreError::Kind::Conflict (serialization failure, deadlock) before
// anything was committed is run again, at most maxAttempts times in all; its work must therefore
// be safe to run twice, which holds because nothing it wrote survived the first attempt. A commit
// that fails is never run again: its outcome is unknown to the caller, who answers 503 or 500.
class SqlTransactions
{
public:
    static constexpr int maxAttempts = 3;

    struct Hooks
    {
        // Called whenever something is undone (a rollback, a savepoint rolled back): the store
        // drops whatever it cached of the undone work.
        std::function<void()> undone;
        // Called right after a transaction began, inside it (PostgreSQL reads its clock there).
        std::function<void()> began;
        // Called right after a transaction ended, committed or rolled back (not a savepoint).
        std::function<void()> ended;
    };

    // `keepSavepoints`: a batch's unit that succeeds keeps its savepoint until the batch ends
    // (SqlDialect::keepUnitSavepoints).
    SqlTransactions(SqlConnection &connection, const QString &beginStatement, bool prepared, bool keepSavepoints,
                    Hooks hooks);
    ~SqlTransactions();
    SqlTransactions(const SqlTransactions &) = delete;
    SqlTransactions &operator=(const SqlTransactions &) = delete;

    bool prepare(QString *error);

    void unit(const std::function<void()> &work);
    // A unit in a transaction of its own even while a batch has begun but sent nothing yet (the
    // batch stays as it was); throws StoreError inside a unit or an open batch.
    void unitAlone(const std::function<void()> &work);
    void beginBatch();
    // The first work of a batch that has begun and sent nothing yet (RequestTurn's license locks),
    // run in the batch's transaction itself after its BEGIN, without a savepoint of its own (two
    // round trips): when it throws, nothing of the batch is there to keep, so the transaction is
    // rolled back whole and the batch is as if just begun. Throws StoreError in any other state.
    void startBatch(const std::function<void()> &work);
    bool batchBegunOnly() const { return m_batch == Batch::Begun && !m_inUnit; }
    void commitBatch();
    void rollbackBatch();
    bool inBatch() const { return m_batch != Batch::None; }
    bool inUnit() const { return m_inUnit; }
    // A transaction of the connection is open (a unit's or a batch's).
    bool inTransaction() const { return m_inUnit || m_batch == Batch::Open || m_batch == Batch::Broken; }
    // Drops the statements (the connection closes); nothing is rolled back. A batch that had
    // begun its transaction is Broken from then on.
    void reset();

private:
    struct Statements;

    enum class Control { Begin, Commit, Rollback, Savepoint, Release, RollbackToSavepoint };
    // Runs one transaction-control statement; false (the error in *failure) when it failed.
    bool control(Control which, QSqlError *failure = nullptr);
    // The same, throwing StoreError.
    void mustControl(Control which);

    void unitInTransaction(const std::function<void()> &work);
    void unitInBatch(const std::function<void()> &work);
    void begin();
    // Throws StoreError; a conflict at commit is reported as Unavailable, never retried.
    void commit();
    // Neither throws.
    bool rollback();
    bool rollbackToSavepoint();
    // Runs the undone hook, and the ended one when the transaction ended, logging what they throw.
    void afterUndo(const char *what, bool transactionEnded) noexcept;

    SqlConnection &m_connection;
    QString m_beginStatement;
    bool m_prepared;
    bool m_keepSavepoints;
    Hooks m_hooks;
    std::unique_ptr<Statements> m_statements;
    enum class Batch {
        None, // every unit is a transaction of its own
        Begun, // beginBatch() called, no unit ran yet: BEGIN waits for one, so that a turn that
               // only reads writes nothing
        Open, // BEGIN has run; each unit is a savepoint
        Broken, // a unit could not be undone: the batch must not commit
    };
    Batch m_batch = Batch::None;
    bool m_inUnit = false; // a unit's work is running; a unit it calls joins it
};

} // namespace keyright::server
