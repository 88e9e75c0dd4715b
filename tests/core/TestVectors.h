#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace keyright::test {

// The lease-signing vectors made outside the project (docs/PROTOCOL.md, /work/shared/vectors).
struct SigningVector
{
    QJsonObject lease;
    qint64 issuedAtMs = 0;
    qint64 expiresAtMs = 0;
    QByteArray signingBytes;
};

struct MustFailVector
{
    QString why;
    QJsonObject lease;
};

struct SigningVectors
{
    QString sourcePath;
    QByteArray seed;
    QByteArray publicKeyBase64;
    QList<SigningVector> cases;
    QList<MustFailVector> mustFail;
};

// Empty cases and an explanation in `error` when the file is missing or unreadable.
SigningVectors loadSigningVectors(QString *error);
// The borrowed form's vectors (tests/vectors/borrowed-lease-signing.json, made with PyNaCl by
// tests/vectors/make_borrow_vectors.py): the same shape, every lease with "borrowed": true.
SigningVectors loadBorrowedSigningVectors(QString *error);

} // namespace keyright::test
