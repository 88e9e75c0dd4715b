#include "wire/ServerInfo.h"

#include "Timestamps.h"
#include "wire/JsonReader.h"

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString statusMember = u"status"_s;
const QString statusOk = u"ok"_s;
const QString statusDegraded = u"degraded"_s;
const QString reasonMember = u"reason"_s;
const QString versionMember = u"version"_s;
const QString nowMember = u"now"_s;
const QString algorithmMember = u"algorithm"_s;
const QString ed25519 = u"Ed25519"_s;
const QString publicKeyMember = u"publicKey"_s;

} // namespace

QJsonObject HealthAnswer::toJson() const
{
    if (degradedBecause.isEmpty())
        return QJsonObject {{statusMember, statusOk}, {versionMember, version}};
    return QJsonObject {{statusMember, statusDegraded}, {versionMember, version}, {reasonMember, degradedBecause}};
}

std::optional<HealthAnswer> HealthAnswer::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    const QString status = reader.string(json, {}, statusMember);
    if (!reader.failed() && status != statusOk)
        reader.fail(statusMember, u"is \"%1\", not \"ok\""_s.arg(status));
    HealthAnswer health {reader.string(json, {}, versionMember), {}};
    if (!reader.report(error))
        return std::nullopt;
    return health;
}

QJsonObject TimeAnswer::toJson() const
{
    return QJsonObject {{nowMember, formatTimestamp(now)}};
}

std::optional<TimeAnswer> TimeAnswer::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    TimeAnswer time {reader.timestamp(json, {}, nowMember)};
    if (!reader.report(error))
        return std::nullopt;
    return time;
}

QJsonObject PublicKeyAnswer::toJson() const
{
    return QJsonObject {{algorithmMember, ed25519}, {publicKeyMember, QString::fromLatin1(publicKey.toBase64())}};
}

std::optional<LeaseVerifier> PublicKeyAnswer::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    std::optional<LeaseVerifier> verifier;
    const QString algorithm = reader.string(json, {}, algorithmMember);
    if (!reader.failed() && algorithm != ed25519)
        reader.fail(algorithmMember, u"is \"%1\", not \"Ed25519\""_s.arg(algorithm));
    const QString key = reader.string(json, {}, publicKeyMember, false);
    if (!reader.failed()) {
        const auto decoded = QByteArray::fromBase64Encoding(key.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (decoded)
            verifier = LeaseVerifier::fromPublicKey(*decoded);
        if (!verifier)
            reader.fail(publicKeyMember, u"is not 32 bytes of base64"_s);
    }
    if (!reader.report(error))
        return std::nullopt;
    return verifier;
}

} // namespace keyright
