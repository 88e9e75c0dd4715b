#include "Icons.h"

#include "KeyrightResources.h"

using namespace Qt::StringLiterals;

namespace keyright {

QIcon keyrightIcon(const QString &name)
{
    initResources();
    // The @2x variant is picked up by QIcon on high-density screens.
    return QIcon(u":/icons/"_s + name + u".png"_s);
}

} // namespace keyright
