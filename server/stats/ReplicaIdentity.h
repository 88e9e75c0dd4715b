#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace keyright::server {

// The id this server writes its own G-Counter components under: 128 random bits, made with the
// data directory and kept in DATA_DIR/replica-id.
//
// An id is only safe to reuse together with the counts persisted under it. A replica that came
// back with fewer counts under its old id would see its new increments swallowed by the maximum
// its peers already hold, so whenever the counts may be gone the server takes a fresh id instead:
// the old id's components live on at the peers (and in the database, when it survived) and keep
// counting in every total, and the new id starts from zero without colliding with anything.
class ReplicaIdentity
{
public:
    enum class Origin {
        Existing, // replica-id and the database both survived: resume under the same id
        Created, // a new data directory
        DatabaseLost, // replica-id without a database: the counts under that id are gone
        FileLost, // a database without replica-id (damaged directory, or the first start of a
                  // server version with statistics): which id the rows were written under is
                  // unknown, so they stay as they are and new counts go to a new id
    };

    struct Loaded
    {
        QString id;
        Origin origin = Origin::Existing;
    };

    static QString filePath(const QString &dataDir);

    // `databaseExisted`: the database file was there before this start opened (and perhaps
    // created) it. Writes a new id atomically when one is needed. nullopt with a reason when the
    // file cannot be read or written, or holds something that is not a replica id
    // (isValidReplicaId(), core/wire/Identifiers.h).
    // `sharedDatabase`: the database is PostgreSQL, shared by the instances of a site, so a new
    // instance always meets an existing database without a replica-id of its own: that is its
    // first start (Created), said in an ordinary line, not the damage a SQLite directory would
    // mean (walk 47).
    static std::optional<Loaded> loadOrCreate(const QString &dataDir, bool databaseExisted, QString *error = nullptr,
                                              bool sharedDatabase = false);
};

} // namespace keyright::server
