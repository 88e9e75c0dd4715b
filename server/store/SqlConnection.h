#pragma once

#include "store/StoreTypes.h"

#include <QList>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <functional>
#include <utility>

class QSqlError;

namespace keyright::server {

// One Qt SQL connection of a store, with the name of the database every error message carries
// ("the database /var/lib/keyright/keyright.sqlite", "PostgreSQL at 127.0.0.1:5432/keyright") and
// the translation of a failed statement into a StoreError of the right kind. Used from the thread
// that opened it.
class SqlConnection
{
public:
    SqlConnection(QString driver, QString description);
    ~SqlConnection();
    SqlConnection(const SqlConnection &) = delete;
    SqlConnection &operator=(const SqlConnection &) = delete;

    const QString &description() const { return m_description; }
    QSqlDatabase &database() { return m_db; }

    // `configure` sets the database name, host, options before the connection opens.
    bool open(const std::function<void(QSqlDatabase &)> &configure, QString *error);
    void close();
    bool isOpen() const { return m_db.isValid() && m_db.isOpen(); }
    // A statement failed in a way that means the connection is gone; the store reconnects
    // before its next unit.
    bool isBroken() const { return m_broken; }

    // Forward-only: every result is read once, front to back, and Qt SQL would otherwise keep a
    // copy of each row it has read for a later seek().
    bool prepare(QSqlQuery &query, const QString &sql, QString *error);
    // Prepares each query with its SQL; false at the first that fails.
    bool prepareAll(const QList<std::pair<QSqlQuery *, QString>> &statements, QString *error);
    // Runs a prepared query; throws StoreError on failure, the query finished.
    QSqlQuery &exec(QSqlQuery &query);
    // Runs one statement that is not kept prepared; throws StoreError on failure.
    void run(const QString &sql);

    StoreError errorFor(const QSqlError &error, const QString &what = {});

private:
    QString m_connectionName;
    QString m_description;
    QString m_driver;
    QSqlDatabase m_db;
    bool m_broken = false;
};

} // namespace keyright::server
