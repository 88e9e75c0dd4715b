#pragma once

#include <QLabel>

namespace keyright {

// A one-line plain-text label that gives up width when its layout is short of room: it draws as
// much of its text as fits, ending in "…", and its tooltip then starts with the whole text (and
// goes on with the label's own tooltip). A status bar of such labels fits a narrow window without
// cutting a word in half unseen. Qt has no such widget (KSqueezedTextLabel is KDE's, Qt 5 only
// on Debian 12), hence this one.
class ElidedLabel final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidedLabel)

public:
    explicit ElidedLabel(QWidget *parent = nullptr);
    ~ElidedLabel() override;

    QSize minimumSizeHint() const override;
    // True when the text does not fit and is drawn shortened.
    bool isElided() const;
    // The text as drawn ("Last poll 12:00:03 (2 s a…").
    QString shownText() const;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
};

} // namespace keyright
