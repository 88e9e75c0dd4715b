#include "store/SqlConnection.h"

#include <QSqlError>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// SQLSTATEs (PostgreSQL appendix A) that say the connection is gone or the server is going away:
// class 08 (connection exception) and 57P01-57P03 (shutdown, crash, not accepting connections).
// From PostgreSQL, no SQLSTATE at all means libpq got no answer from the server. Only PostgreSQL
// errors are read this way: Qt's SQLite driver calls a failed step a ConnectionError too.
bool meansConnectionLost(const QSqlError &error, bool postgres)
{
    const QString state = error.nativeErrorCode();
    if (postgres && (error.type() == QSqlError::ConnectionError || state.isEmpty()))
        return true;
    return state.startsWith(u"08"_s) || state == u"57P01"_s || state == u"57P02"_s || state == u"57P03"_s;
}

// 40001 serialization_failure, 40P01 deadlock_detected: the transaction was rolled back before
// anything of it was kept, so running it again is safe.
bool meansConflict(const QSqlError &error)
{
    const QString state = error.nativeErrorCode();
    return state == u"40001"_s || state == u"40P01"_s;
}

} // namespace

SqlConnection::SqlConnection(QString driver, QString description)
    : m_connectionName(u"keyright-store-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_description(std::move(description))
    , m_driver(std::move(driver))
{ }

SqlConnection::~SqlConnection()
{
    close();
}

bool SqlConnection::open(const std::function<void(QSqlDatabase &)> &configure, QString *error)
{
    close();
    m_db = QSqlDatabase::addDatabase(m_driver, m_connectionName);
    if (!m_db.isValid()) {
        if (error)
            *error = u"the Qt SQL driver %1 is not installed (needed for %2)"_s.arg(m_driver, m_description);
        close();
        return false;
    }
    configure(m_db);
    if (!m_db.open()) {
        if (error)
            *error = m_driver == u"QPSQL"_s
                ? u"%1 is unreachable: %2"_s.arg(m_description, m_db.lastError().text().trimmed())
                : u"cannot open %1: %2"_s.arg(m_description, m_db.lastError().text().trimmed());
        close();
        return false;
    }
    m_broken = false;
    return true;
}

void SqlConnection::close()
{
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

bool SqlConnection::prepare(QSqlQuery &query, const QString &sql, QString *error)
{
    query.setForwardOnly(true);
    if (query.prepare(sql))
        return true;
    const QSqlError failure = query.lastError();
    if (meansConnectionLost(failure, m_driver == u"QPSQL"_s))
        m_broken = true;
    if (error)
        *error = u"cannot prepare a statement on %1: %2 (%3)"_s.arg(m_description, failure.text().trimmed(), sql);
    return false;
}

bool SqlConnection::prepareAll(const QList<std::pair<QSqlQuery *, QString>> &statements, QString *error)
{
    for (const auto &[query, sql] : statements) {
        if (!prepare(*query, sql, error))
            return false;
    }
    return true;
}

StoreError SqlConnection::errorFor(const QSqlError &error, const QString &what)
{
    const QString detail = error.text().trimmed();
    const QString context = what.isEmpty() ? QString() : what + u": "_s;
    if (meansConnectionLost(error, m_driver == u"QPSQL"_s)) {
        m_broken = true;
        return StoreError(StoreError::Kind::Unavailable,
                          u"%1 is unreachable: %2%3"_s.arg(m_description, context, detail));
    }
    if (meansConflict(error))
        return StoreError(StoreError::Kind::Conflict,
                          u"%1: a concurrent transaction conflicted: %2%3"_s.arg(m_description, context, detail));
    return StoreError(StoreError::Kind::Failed, u"database error in %1: %2%3"_s.arg(m_description, context, detail));
}

QSqlQuery &SqlConnection::exec(QSqlQuery &query)
{
    if (!query.exec()) {
        const QSqlError failure = query.lastError();
        query.finish();
        throw errorFor(failure);
    }
    return query;
}

void SqlConnection::run(const QString &sql)
{
    QSqlQuery query(m_db);
    if (!query.exec(sql))
        throw errorFor(query.lastError());
}

} // namespace keyright::server
