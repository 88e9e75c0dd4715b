#include "store/SqlTransactions.h"

#include "store/SqlConnection.h"
#include "store/StoreTypes.h"

#include <QLoggingCategory>
#include <QSqlError>

#include <utility>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {
Q_LOGGING_CATEGORY(lcTransactions, "keyright.server.store")
} // namespace

struct SqlTransactions::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : db(db)
    {
        for (int i = 0; i < count; ++i)
            queries[i] = QSqlQuery(db);
    }

    static constexpr int count = 6;
    QSqlDatabase db;
    QString sql[count];
    QSqlQuery queries[count]; // prepared, when the dialect allows
};

SqlTransactions::SqlTransactions(SqlConnection &connection, const QString &beginStatement, bool prepared,
                                 bool keepSavepoints, Hooks hooks)
    : m_connection(connection)
    , m_beginStatement(beginStatement)
    , m_prepared(prepared)
    , m_keepSavepoints(keepSavepoints)
    , m_hooks(std::move(hooks))
{ }

SqlTransactions::~SqlTransactions() = default;

bool SqlTransactions::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QString sql[Statements::count] = {m_beginStatement,
                                            u"COMMIT"_s,
                                            u"ROLLBACK"_s,
                                            u"SAVEPOINT unit"_s,
                                            u"RELEASE SAVEPOINT unit"_s,
                                            u"ROLLBACK TO SAVEPOINT unit"_s};
    for (int i = 0; i < Statements::count; ++i) {
        s->sql[i] = sql[i];
        if (m_prepared && !m_connection.prepare(s->queries[i], sql[i], error))
            return false;
    }
    m_statements = std::move(s);
    return true;
}

void SqlTransactions::reset()
{
    m_statements.reset();
    // A batch that has not begun loses nothing and goes on after a reconnect; one whose
    // transaction was open lost it, and must not commit as if it had not.
    if (m_batch == Batch::Open)
        m_batch = Batch::Broken;
    m_inUnit = false;
}

bool SqlTransactions::control(Control which, QSqlError *failure)
{
    if (!m_statements)
        return false;
    const int i = int(which);
    QSqlQuery &q = m_statements->queries[i];
    const bool ok = m_prepared ? q.exec() : q.exec(m_statements->sql[i]);
    if (!ok && failure)
        *failure = q.lastError();
    q.finish();
    return ok;
}

void SqlTransactions::mustControl(Control which)
{
    QSqlError failure;
    if (!control(which, &failure))
        throw m_connection.errorFor(failure);
}

void SqlTransactions::begin()
{
    mustControl(Control::Begin);
    if (!m_hooks.began)
        return;
    try {
        m_hooks.began();
    } catch (...) {
        rollback();
        throw;
    }
}

void SqlTransactions::commit()
{
    // A connection already lost (a statement of the transaction found it gone) took the
    // transaction with it before any COMMIT went out: known not kept, not "may or may not".
    if (m_connection.isBroken())
        throw StoreError(
            StoreError::Kind::Unavailable,
            u"%1 is unreachable: the connection was lost before the commit"_s.arg(m_connection.description()));
    QSqlError failure;
    if (control(Control::Commit, &failure)) {
        if (m_hooks.ended)
            m_hooks.ended();
        return;
    }
    StoreError error = m_connection.errorFor(failure, u"the commit failed"_s);
    // A conflict at commit was rolled back by the database; a connection lost during the COMMIT
    // leaves its outcome unknown.
    if (error.kind() == StoreError::Kind::Conflict)
        throw StoreError(StoreError::Kind::Unavailable, QString::fromUtf8(error.what()));
    if (error.kind() == StoreError::Kind::Unavailable)
        error.setOutcomeUnknown();
    throw error;
}

void SqlTransactions::afterUndo(const char *what, bool transactionEnded) noexcept
{
    // The undo and end hooks run inside the handlers of failures (a commit whose outcome is
    // unknown among them): whatever they throw is logged, never allowed to replace the failure
    // being handled, the one the caller must see.
    for (const auto *hook : {&m_hooks.undone, &m_hooks.ended}) {
        if (hook == &m_hooks.ended && !transactionEnded)
            continue;
        try {
            if (*hook)
                (*hook)();
        } catch (const std::exception &failure) {
            qCWarning(lcTransactions, "after %s: %s", what, failure.what());
        } catch (...) {
            qCWarning(lcTransactions, "after %s: an unknown failure", what);
        }
    }
}

bool SqlTransactions::rollback()
{
    // Never throws: called from the handlers of failures.
    const bool undone = control(Control::Rollback);
    afterUndo("a rollback", true);
    return undone;
}

bool SqlTransactions::rollbackToSavepoint()
{
    // ROLLBACK TO keeps the savepoint open; RELEASE then closes it, its changes already undone.
    const bool undone = control(Control::RollbackToSavepoint) && control(Control::Release);
    afterUndo("a rollback to a savepoint", false);
    return undone;
}

void SqlTransactions::unit(const std::function<void()> &work)
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    if (m_inUnit) {
        // Already inside the caller's unit: join it.
        work();
        return;
    }
    if (m_batch == Batch::None)
        unitInTransaction(work);
    else
        unitInBatch(work);
}

void SqlTransactions::unitAlone(const std::function<void()> &work)
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    if (m_inUnit || m_batch == Batch::Open || m_batch == Batch::Broken)
        throw StoreError(StoreError::Kind::Failed, u"a transaction of its own cannot start inside another"_s);
    unitInTransaction(work);
}

void SqlTransactions::startBatch(const std::function<void()> &work)
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    if (!batchBegunOnly())
        throw StoreError(StoreError::Kind::Failed, u"a batch can only start once, before its units"_s);
    begin();
    m_batch = Batch::Open;
    m_inUnit = true;
    try {
        work();
    } catch (...) {
        m_inUnit = false;
        rollback();
        m_batch = Batch::Begun;
        throw;
    }
    m_inUnit = false;
}

void SqlTransactions::unitInTransaction(const std::function<void()> &work)
{
    for (int attempt = 1;; ++attempt) {
        begin();
        m_inUnit = true;
        try {
            work();
        } catch (const StoreError &failure) {
            m_inUnit = false;
            rollback();
            if (failure.kind() == StoreError::Kind::Conflict && attempt < maxAttempts)
                continue;
            throw;
        } catch (...) {
            m_inUnit = false;
            rollback();
            throw;
        }
        m_inUnit = false;
        try {
            commit();
        } catch (...) {
            rollback();
            throw;
        }
        return;
    }
}

void SqlTransactions::unitInBatch(const std::function<void()> &work)
{
    if (m_batch == Batch::Broken)
        throw StoreError(StoreError::Kind::Failed, u"a unit of this batch could not be undone"_s);
    if (m_batch == Batch::Begun) {
        begin();
        m_batch = Batch::Open;
    }
    for (int attempt = 1;; ++attempt) {
        // A savepoint per unit: a unit that throws is undone alone and the batch goes on.
        mustControl(Control::Savepoint);
        m_inUnit = true;
        try {
            work();
            m_inUnit = false;
            // Where the store keeps savepoints, the COMMIT or ROLLBACK that ends the batch closes
            // this one with the rest, and a later unit's savepoint of the same name nests inside
            // it, the one its ROLLBACK TO goes back to.
            if (!m_keepSavepoints)
                mustControl(Control::Release);
            return;
        } catch (const StoreError &failure) {
            m_inUnit = false;
            // When the savepoint itself cannot be undone, give up the whole batch rather than
            // commit half a unit.
            if (!rollbackToSavepoint()) {
                m_batch = Batch::Broken;
                throw;
            }
            if (failure.kind() == StoreError::Kind::Conflict && attempt < maxAttempts)
                continue;
            throw;
        } catch (...) {
            m_inUnit = false;
            if (!rollbackToSavepoint())
                m_batch = Batch::Broken;
            throw;
        }
    }
}

void SqlTransactions::beginBatch()
{
    Q_ASSERT(m_batch == Batch::None && !m_inUnit);
    m_batch = Batch::Begun;
}

void SqlTransactions::commitBatch()
{
    const Batch batch = std::exchange(m_batch, Batch::None);
    if (batch == Batch::None || batch == Batch::Begun)
        return; // nothing in the batch touched the database
    if (batch == Batch::Broken) {
        rollback();
        // Most often the connection is gone (the unit failed for it, and so did its undo): that is
        // the database being unavailable, and the batch known not to be kept, not a server error.
        if (m_connection.isBroken())
            throw StoreError(StoreError::Kind::Unavailable,
                             u"%1 is unreachable: the batch was not committed: the connection was lost"_s.arg(
                                 m_connection.description()));
        throw StoreError(
            StoreError::Kind::Failed,
            u"database error in %1: the batch was not committed: a unit of the batch could not be undone"_s.arg(
                m_connection.description()));
    }
    try {
        commit();
    } catch (const StoreError &failure) {
        rollback();
        if (failure.outcomeUnknown())
            throw StoreError(failure.kind(),
                             u"the batch may not have been committed: %1"_s.arg(QString::fromUtf8(failure.what())))
                .setOutcomeUnknown();
        throw StoreError(failure.kind(), u"the batch was not committed: %1"_s.arg(QString::fromUtf8(failure.what())));
    }
}

void SqlTransactions::rollbackBatch()
{
    const Batch batch = std::exchange(m_batch, Batch::None);
    if (batch == Batch::Open || batch == Batch::Broken)
        rollback();
}

} // namespace keyright::server
