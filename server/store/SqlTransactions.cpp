#include "store/SqlTransactions.h"

#include "store/SqlConnection.h"
#include "store/StoreTypes.h"

#include <QSqlError>

#include <utility>

using namespace Qt::StringLiterals;

namespace keyright::server {

struct SqlTransactions::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : begin(db)
        , commit(db)
        , rollback(db)
        , savepoint(db)
        , releaseSavepoint(db)
        , rollbackToSavepoint(db)
    { }

    QSqlQuery begin, commit, rollback, savepoint, releaseSavepoint, rollbackToSavepoint;
};

SqlTransactions::SqlTransactions(SqlConnection &connection, const QString &beginStatement, Hooks hooks)
    : m_connection(connection)
    , m_beginStatement(beginStatement)
    , m_hooks(std::move(hooks))
{ }

SqlTransactions::~SqlTransactions() = default;

bool SqlTransactions::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QList<std::pair<QSqlQuery *, QString>> all {
        {&s->begin, m_beginStatement},
        {&s->commit, u"COMMIT"_s},
        {&s->rollback, u"ROLLBACK"_s},
        {&s->savepoint, u"SAVEPOINT unit"_s},
        {&s->releaseSavepoint, u"RELEASE SAVEPOINT unit"_s},
        {&s->rollbackToSavepoint, u"ROLLBACK TO SAVEPOINT unit"_s},
    };
    for (const auto &[query, sql] : all) {
        if (!m_connection.prepare(*query, sql, error))
            return false;
    }
    m_statements = std::move(s);
    return true;
}

void SqlTransactions::reset()
{
    m_statements.reset();
    m_batch = Batch::None;
    m_inUnit = false;
}

void SqlTransactions::begin()
{
    m_connection.exec(m_statements->begin).finish();
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
    auto &q = m_statements->commit;
    if (q.exec()) {
        q.finish();
        return;
    }
    const QSqlError failure = q.lastError();
    q.finish();
    StoreError error = m_connection.errorFor(failure, u"the commit failed"_s);
    if (error.kind() == StoreError::Kind::Conflict)
        throw StoreError(StoreError::Kind::Unavailable, QString::fromUtf8(error.what()));
    throw error;
}

bool SqlTransactions::rollback()
{
    const bool undone = m_statements->rollback.exec();
    m_statements->rollback.finish();
    if (m_hooks.undone)
        m_hooks.undone();
    return undone;
}

bool SqlTransactions::rollbackToSavepoint()
{
    // ROLLBACK TO keeps the savepoint open; RELEASE then closes it, its changes already undone.
    const bool undone = m_statements->rollbackToSavepoint.exec() && m_statements->releaseSavepoint.exec();
    m_statements->rollbackToSavepoint.finish();
    m_statements->releaseSavepoint.finish();
    if (m_hooks.undone)
        m_hooks.undone();
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
        m_connection.exec(m_statements->savepoint).finish();
        m_inUnit = true;
        try {
            work();
            m_inUnit = false;
            m_connection.exec(m_statements->releaseSavepoint).finish();
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
        throw StoreError(
            StoreError::Kind::Failed,
            u"database error in %1: the batch was not committed: a unit of the batch could not be undone"_s.arg(
                m_connection.description()));
    }
    try {
        commit();
    } catch (const StoreError &failure) {
        rollback();
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
