#include "alerts/AlertSecretBox.h"

#include "Crypto.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace keyright::server {

AlertSecretBox::AlertSecretBox(SecretBuffer key)
    : m_key(std::move(key))
{ }

std::unique_ptr<AlertSecretBox> AlertSecretBox::loadOrCreate(const QString &path, QString *error)
{
    if (!crypto::init()) {
        *error = u"libsodium failed its self-test; the alert endpoints' secrets cannot be sealed"_s;
        return nullptr;
    }
    if (!QFileInfo::exists(path)) {
        SecretBuffer key = crypto::newSecretboxKey();
        QString why;
        if (!writeSecretFile(path, key.view(), &why)) {
            *error = u"cannot write the alert secrets' key %1: %2"_s.arg(path, why);
            return nullptr;
        }
        return std::unique_ptr<AlertSecretBox>(new AlertSecretBox(std::move(key)));
    }
    QString why;
    auto key = readBinarySecretFile(path, &why);
    if (!key) {
        *error = u"cannot read the alert secrets' key %1: %2"_s.arg(path, why);
        return nullptr;
    }
    if (key->size() != crypto::secretboxKeyBytes) {
        *error = u"the alert secrets' key %1 holds %2 bytes instead of %3: restore the right file (the endpoints' "
                 "secrets cannot be read without it), or remove it and add the endpoints again"_s.arg(
                     path, QString::number(key->size()), QString::number(crypto::secretboxKeyBytes));
        return nullptr;
    }
    return std::unique_ptr<AlertSecretBox>(new AlertSecretBox(std::move(*key)));
}

QByteArray AlertSecretBox::seal(QByteArrayView secret) const
{
    return crypto::sealSecret(m_key.view(), secret);
}

std::optional<SecretBuffer> AlertSecretBox::open(QByteArrayView sealed) const
{
    return crypto::openSealed(m_key.view(), sealed);
}

QByteArray AlertSecretBox::fingerprint() const
{
    return crypto::hashSecret(m_key.view());
}

} // namespace keyright::server
