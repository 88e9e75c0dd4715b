#include "CliApplication.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("keyright"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KEYRIGHT_VERSION));
    keyright::cli::CliApplication cli;
    return cli.run(QCoreApplication::arguments());
}
