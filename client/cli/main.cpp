#include "CliApplication.h"

#include <QCoreApplication>
#include <QLocale>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("keyright"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KEYRIGHT_VERSION));
    // The CLI speaks English: its dates too ("4 Dec 2026", not "4 déc. 2026" under a French
    // LANG), whatever the system's locale (walk 45).
    QLocale::setDefault(QLocale::c());
    keyright::cli::CliApplication cli;
    return cli.run(QCoreApplication::arguments());
}
