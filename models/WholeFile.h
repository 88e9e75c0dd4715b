#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>

class QIODevice;

namespace keyright {

// Writes a file all at once or not at all (an export: CSV of events, of usage). The bytes go to a
// temporary file beside it, which takes the file's name only once every write, the flush and the
// sync succeeded; a write refused partway (the disk full, a size limit) leaves no file and no
// half of one, and the error says so in a sentence.
class WholeFile final
{
    Q_DECLARE_TR_FUNCTIONS(keyright::WholeFile)

public:
    // `write` writes the content and returns false (filling `why`) when the device refused it.
    using Writer = std::function<bool(QIODevice &device, QString *why)>;
    static bool save(const QString &path, const Writer &write, QString *error = nullptr);
};

} // namespace keyright
