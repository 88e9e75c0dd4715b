#pragma once

#include <QSet>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QListWidget;
class QPushButton;

namespace keyright {

class ReplicasDemo;

// The replicas training demo on screen: one column per replica (alice, bob, carol) with its
// G-Counter map and total beside the naive sum and naive maximum, highlighted when they disagree;
// the transit list of snapshots with deliver, deliver twice and drop; the preset picker with a
// "Next step" button and the narration of the current step. Readable on a projector with
// "Large fonts". Self-contained: it creates and owns its ReplicasDemo unless one is given.
class ReplicasDemoView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplicasDemoView)

public:
    // Uses `demo` (not owned) when given, else a demo of its own.
    explicit ReplicasDemoView(ReplicasDemo *demo = nullptr, QWidget *parent = nullptr);
    ~ReplicasDemoView() override;

    ReplicasDemo *demo() const { return m_demo; }
    void setLargeFonts(bool large);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Column
    {
        QGroupBox *box = nullptr;
        QLabel *idLabel = nullptr;
        QLabel *mapLabel = nullptr;
        QLabel *totalCaption = nullptr;
        QLabel *totalLabel = nullptr;
        QLabel *verdictLabel = nullptr;
        QLabel *naiveSumLabel = nullptr;
        QLabel *naiveMaxLabel = nullptr;
        QPushButton *incrementButton = nullptr;
        QPushButton *snapshotButton = nullptr;
        QPushButton *restartButton = nullptr;
        QPushButton *restartNewIdButton = nullptr;
    };

    void buildUi();
    void retranslateUi();
    void refresh();
    void refreshTransit();
    void applyFonts();
    void deliverSelected(int replica);
    int selectedMessage() const;

    ReplicasDemo *m_demo = nullptr;
    bool m_largeFonts = false;
    QComboBox *m_presetCombo = nullptr;
    QPushButton *m_nextStepButton = nullptr;
    QLabel *m_stepLabel = nullptr;
    QPushButton *m_resetButton = nullptr;
    QCheckBox *m_largeFontsCheck = nullptr;
    QLabel *m_trueTotalLabel = nullptr;
    QLabel *m_narrationLabel = nullptr;
    QList<Column> m_columns;
    QGroupBox *m_transitBox = nullptr;
    QListWidget *m_transitList = nullptr;
    QLabel *m_deliverCaption = nullptr;
    QList<QPushButton *> m_deliverButtons;
    QCheckBox *m_deliverTwiceCheck = nullptr;
    QPushButton *m_dropButton = nullptr;
    QLabel *m_legendLabel = nullptr;
    QSet<int> m_shownMessages; // the ids the transit list shows: one not among them is new
};

} // namespace keyright
