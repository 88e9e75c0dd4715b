#include "TestVectors.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace keyright::test {

namespace {

SigningVectors loadFrom(const QString &path, QString *error)
{
    SigningVectors vectors;
    vectors.sourcePath = path;

    QFile file(vectors.sourcePath);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"cannot open %1: %2"_s.arg(vectors.sourcePath, file.errorString());
        return vectors;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject()) {
        *error = u"%1 is not a JSON object: %2"_s.arg(vectors.sourcePath, parseError.errorString());
        return vectors;
    }
    const QJsonObject root = document.object();
    vectors.seed = QByteArray::fromHex(root.value(u"secretKeySeedHex"_s).toString().toLatin1());
    vectors.publicKeyBase64 = root.value(u"publicKeyBase64"_s).toString().toLatin1();
    const QJsonArray cases = root.value(u"cases"_s).toArray();
    for (const QJsonValue &entry : cases) {
        const QJsonObject object = entry.toObject();
        vectors.cases.append(
            SigningVector {object.value(u"lease"_s).toObject(), object.value(u"issuedAtMs"_s).toInteger(),
                           object.value(u"expiresAtMs"_s).toInteger(),
                           QByteArray::fromHex(object.value(u"signingBytesHex"_s).toString().toLatin1())});
    }
    const QJsonArray mustFail = root.value(u"mustFail"_s).toArray();
    for (const QJsonValue &entry : mustFail) {
        const QJsonObject object = entry.toObject();
        vectors.mustFail.append(
            MustFailVector {object.value(u"why"_s).toString(), object.value(u"lease"_s).toObject()});
    }
    if (vectors.cases.isEmpty())
        *error = u"%1 holds no cases"_s.arg(vectors.sourcePath);
    return vectors;
}

} // namespace

SigningVectors loadSigningVectors(QString *error)
{
    const QString shared = QStringLiteral(KEYRIGHT_SHARED_DIR "/vectors/lease-signing.json");
    return loadFrom(QFile::exists(shared) ? shared : QStringLiteral(KEYRIGHT_CORE_TEST_DATA "/lease-signing.json"),
                    error);
}

SigningVectors loadBorrowedSigningVectors(QString *error)
{
    return loadFrom(QStringLiteral(KEYRIGHT_VECTORS_DIR "/borrowed-lease-signing.json"), error);
}

} // namespace keyright::test
