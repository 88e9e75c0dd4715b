#pragma once

#include "wire/BorrowJson.h"

#include <QCoreApplication>
#include <QString>

namespace keyright {

// A refused borrow said in the interface's language (issue 27), from the numbers the server sends
// with the refusal (wire/BorrowJson's BorrowRefusal) and records in its borrow_denied event,
// instead of the server's English sentence.
class BorrowRefusalText
{
    Q_DECLARE_TR_FUNCTIONS(BorrowRefusalText)

public:
    // One sentence naming the license and, where it is at fault, the holder.
    static QString sentence(const BorrowRefusal &refusal, const QString &licenseId, const QString &holder);
};

} // namespace keyright
