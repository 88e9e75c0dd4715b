#include "stats/ReplicaIdentity.h"

#include "Crypto.h"
#include "SecretBuffer.h"
#include "wire/Identifiers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcReplica, "keyright.server.replica")

constexpr qsizetype replicaIdBytes = replicaIdLength / 2; // 128 bits

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace

QString ReplicaIdentity::filePath(const QString &dataDir)
{
    return QDir(dataDir).filePath(u"replica-id"_s);
}

std::optional<ReplicaIdentity::Loaded> ReplicaIdentity::loadOrCreate(const QString &dataDir, bool databaseExisted,
                                                                     QString *error, bool sharedDatabase)
{
    const QString path = filePath(dataDir);
    Loaded loaded;
    if (QFileInfo::exists(path)) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            fail(error, u"cannot read the replica id %1: %2"_s.arg(path, file.errorString()));
            return std::nullopt;
        }
        const QString id = QString::fromLatin1(file.read(4 * replicaIdBytes)).trimmed();
        if (!isValidReplicaId(id)) {
            // Written atomically, so this is not a torn write: someone edited it. Guessing could
            // put two writers under one id; deleting the file is safe (a new id, nothing lost).
            fail(error,
                 u"the replica id %1 is not %2; delete the file to have the server take a new identity (the "
                 "counts already made stay in every total)"_s.arg(path, replicaIdRule()));
            return std::nullopt;
        }
        if (databaseExisted) {
            loaded.id = id;
            loaded.origin = Origin::Existing;
            return loaded;
        }
        qCWarning(lcReplica,
                  "%ls exists but the database does not: the counts made under replica %ls are gone from this "
                  "directory, so this server takes a new replica id rather than count again from zero under the old "
                  "one (its peers still hold the old id's counts)",
                  qUtf16Printable(path), qUtf16Printable(id));
        loaded.origin = Origin::DatabaseLost;
    } else if (databaseExisted && sharedDatabase) {
        loaded.origin = Origin::Created;
    } else if (databaseExisted) {
        qCWarning(lcReplica,
                  "the database exists but %ls does not (a damaged data directory, or the first start of a server "
                  "with usage statistics): taking a new replica id; components already in the database are kept as "
                  "they are and still count in every total",
                  qUtf16Printable(path));
        loaded.origin = Origin::FileLost;
    } else {
        loaded.origin = Origin::Created;
    }

    loaded.id = crypto::randomHex(replicaIdBytes);
    QString why;
    if (!writeSecretFile(path, loaded.id.toLatin1(), &why)) {
        fail(error, u"cannot write the replica id %1: %2"_s.arg(path, why));
        return std::nullopt;
    }
    if (databaseExisted && sharedDatabase)
        qCInfo(lcReplica,
               "first start of this instance on the shared database: it counts its usage statistics under a "
               "replica id of its own, %ls (written to %ls); the other instances' counts are kept",
               qUtf16Printable(loaded.id), qUtf16Printable(path));
    else
        qCDebug(lcReplica, "replica id %ls written to %ls", qUtf16Printable(loaded.id), qUtf16Printable(path));
    return loaded;
}

} // namespace keyright::server
