#pragma once

#include <QIcon>
#include <QString>

namespace keyright {

// The dashboard's own icons (resources/icons), by name: "refresh", "revoke", "reap", ...
QIcon keyrightIcon(const QString &name);

} // namespace keyright
