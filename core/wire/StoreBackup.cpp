#include "wire/StoreBackup.h"

#include "wire/RequestFields.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace keyright {

QUrlQuery StoreBackupQuery::toQuery() const
{
    QUrlQuery query;
    if (includeKey)
        query.addQueryItem(QString::fromUtf16(storebackup::includeKeyParameter), u"true"_s);
    return query;
}

std::optional<StoreBackupQuery> StoreBackupQuery::fromQuery(const QUrlQuery &query, ValidationError *error)
{
    const QString parameter = QString::fromUtf16(storebackup::includeKeyParameter);
    StoreBackupQuery parsed;
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key != parameter) {
            requestfields::refuse(error, key.left(64),
                                  u"unknown query parameter \"%1\"; known: %2"_s.arg(key.left(64), parameter));
            return std::nullopt;
        }
        if (value == u"true" || value == u"1" || value.isEmpty()) {
            parsed.includeKey = true;
        } else if (value == u"false" || value == u"0") {
            parsed.includeKey = false;
        } else {
            requestfields::refuse(error, parameter, u"%1 must be true or false"_s.arg(parameter));
            return std::nullopt;
        }
    }
    return parsed;
}

} // namespace keyright
