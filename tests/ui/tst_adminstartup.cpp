// keyright-admin as a launcher or a terminal starts it: --help with no display at all, and a
// start-up error (a token file others may read) that is a dialog with the fix, not a silent exit.
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out;
    QString err;
};

Run runAdmin(const QStringList &arguments, const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(KEYRIGHT_ADMIN_BINARY), arguments);
    Run run;
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished(5000);
        return run;
    }
    run.exitCode = process.exitCode();
    run.status = process.exitStatus();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace

class TestAdminStartup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void helpNeedsNoDisplay();
    void unknownOptionIsAUsageError();
    void unreadableTokenIsADialogWithTheFix();
};

void TestAdminStartup::helpNeedsNoDisplay()
{
    // No X, no Wayland, no platform plug-in named: a QApplication would abort here.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QString::fromLatin1(name));
    const Run run = runAdmin({u"--help"_s}, environment);
    QCOMPARE(run.status, QProcess::NormalExit);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(u"Usage: keyright-admin"_s), qPrintable(run.out));
    for (const QString &option : {u"--server"_s, u"--token-file"_s, u"--language"_s, u"--screenshot <file>"_s,
                                  u"--screenshot-delay"_s, u"--window-size"_s})
        QVERIFY2(run.out.contains(option), qPrintable(option));
}

void TestAdminStartup::unknownOptionIsAUsageError()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"QT_QPA_PLATFORM"_s);
    const Run run = runAdmin({u"--bogus"_s}, environment);
    QCOMPARE(run.status, QProcess::NormalExit);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(u"bogus"_s) && run.err.contains(u"keyright-admin --help"_s), qPrintable(run.err));
}

void TestAdminStartup::unreadableTokenIsADialogWithTheFix()
{
    QTemporaryDir dir;
    const QString token = dir.filePath(u"admin.token"_s);
    {
        QFile file(token);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("secret\n");
    }
    QVERIFY(QFile::setPermissions(token,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
                                      | QFileDevice::ReadOther)); // 0644
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s));
    environment.insert(u"XDG_DATA_HOME"_s, dir.filePath(u"data"_s));
    // --screenshot pictures the dialog and closes it, as a person would.
    const QString picture = dir.filePath(u"error.png"_s);
    const Run run = runAdmin({u"--server"_s, u"http://127.0.0.1:9"_s, u"--token-file"_s, token, u"--screenshot"_s,
                              picture, u"--screenshot-delay"_s, u"300ms"_s},
                             environment);
    QCOMPARE(run.status, QProcess::NormalExit);
    QCOMPARE(run.exitCode, 2);
    const QString fix = u"chmod 600 %1"_s.arg(token);
    QVERIFY2(run.err.contains(fix), qPrintable(run.err));
    // The dialog was on screen: a picture of a window that is not empty.
    const QImage shot(picture);
    QVERIFY2(!shot.isNull(), "no dialog was shown");
    QVERIFY(shot.width() > 100 && shot.height() > 50);
}

QTEST_GUILESS_MAIN(TestAdminStartup)
#include "tst_adminstartup.moc"
