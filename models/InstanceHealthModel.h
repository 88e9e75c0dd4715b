#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>
#include <QUrl>

#include <chrono>
#include <optional>

namespace keyright {

// One server instance of the connected site as the dashboard last saw it.
struct InstanceHealth
{
    enum class Status {
        Unknown, // not asked yet
        Up, // answered its last request
        Down, // its last request failed
        Refused, // signs with another key: never used
        // It answers, but with 503 database_unavailable: the instance is up, its database is not.
        DatabaseDown,
    };

    QUrl url;
    Status status = Status::Unknown;
    bool answering = false; // the instance the dashboard's requests go to now
    std::optional<std::chrono::milliseconds> roundTrip;
    std::optional<std::chrono::milliseconds> clockOffset; // its clock minus this computer's
    QString replicaId;
    QString lastError;
    QString lastErrorCode; // the server's error code of lastError, when it answered one
    // PostgreSQL mode (its /v1/stats): the primary it is on, and since when it cannot reach it.
    // During an outage /v1/stats itself answers 503 database_unavailable (checking the access
    // token needs the database), so the dashboard keeps the server it last reported and, as
    // "since", when this dashboard first met the 503 (its own clock) until /v1/stats answers again.
    QString databaseServer;
    std::optional<QDateTime> databaseUnavailableSince;
    // databaseServer came with the instance's latest state: false from the moment it is up again
    // without a /v1/stats answer, which may name another primary (walk 48: "up" beside the
    // primary that had just died), until /v1/stats answers.
    bool databaseConfirmed = false;
    // When the instance last answered a probe (local clock): its round trip, clock offset and
    // database are as of then. A down instance's cells say so (walk 48, finding 5).
    std::optional<QDateTime> reportedAt;

    friend bool operator==(const InstanceHealth &, const InstanceHealth &) = default;
};

// The health view's rows: each instance of the connected site, up or down, its round trip, its
// clock offset, its replica id and its last error. DashboardSession fills it; a poll changes only
// the rows that changed.
class InstanceHealthModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceHealthModel)

public:
    enum Column {
        InstanceColumn,
        StatusColumn,
        // Next to the state it explains: at the end it was cut at 1280x720 and 150 % (walk 48).
        DatabaseColumn,
        RoundTripColumn,
        OffsetColumn,
        ReplicaColumn,
        ErrorColumn,
        ColumnCount
    };
    enum Roles { StatusRole = Qt::UserRole + 1, UrlRole };

    explicit InstanceHealthModel(QObject *parent = nullptr);

    // A new site: every row replaced.
    void setInstances(const QList<QUrl> &urls);
    // Updates the row of that instance; dataChanged only when something changed.
    void update(const InstanceHealth &health);
    const InstanceHealth &at(int row) const { return m_rows.at(row); }
    int instanceCount() const { return int(m_rows.size()); }
    // Instances that answer (Up), and those that answer without their database (DatabaseDown).
    int upCount() const;
    int databaseDownCount() const;
    int indexOf(const QUrl &url) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString statusText(InstanceHealth::Status status);
    // A short sentence for a table cell, in the interface's language, for the error codes an
    // instance answers during an outage; empty for any other code (the server's words are shown).
    static QString errorPhrase(const QString &code);

private:
    // The cells of what the instance last reported, shown as no longer current.
    static bool isStaleCell(const InstanceHealth &row, int column);
    // Up again, and the database it last named not confirmed by /v1/stats yet.
    static bool awaitsDatabase(const InstanceHealth &row);

    QList<InstanceHealth> m_rows;
};

} // namespace keyright
