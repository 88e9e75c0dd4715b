#include "DisputeTranslations.h"

using namespace Qt::StringLiterals;

namespace keyright::test {

namespace {

struct Row
{
    QString source;
    QString english[2];
    QString french[2];
};

} // namespace

DisputeTranslations::DisputeTranslations()
{
    const Row rows[] = {
        {u"Denied to %1: an admin blocked this holder"_s,
         {u"Denied to %1: an admin blocked this holder"_s, u"Denied to %1: an admin blocked this holder"_s},
         {u"Refusé à %1 : un administrateur a bloqué ce détenteur"_s,
          u"Refusé à %1 : un administrateur a bloqué ce détenteur"_s}},
        {u"Denied to %1: an admin blocked this holder until %2"_s,
         {u"Denied to %1: an admin blocked this holder until %2"_s,
          u"Denied to %1: an admin blocked this holder until %2"_s},
         {u"Refusé à %1 : un administrateur a bloqué ce détenteur jusqu'à %2"_s,
          u"Refusé à %1 : un administrateur a bloqué ce détenteur jusqu'à %2"_s}},
        {u"Denied to %1: the holder matches the deny entry %2"_s,
         {u"Denied to %1: the holder matches the deny entry %2"_s,
          u"Denied to %1: the holder matches the deny entry %2"_s},
         {u"Refusé à %1 : le détenteur correspond à l'entrée d'exclusion %2"_s,
          u"Refusé à %1 : le détenteur correspond à l'entrée d'exclusion %2"_s}},
        {u"Denied to %1: the holder is not on the allow list"_s,
         {u"Denied to %1: the holder is not on the allow list"_s,
          u"Denied to %1: the holder is not on the allow list"_s},
         {u"Refusé à %1 : le détenteur n'est pas sur la liste d'autorisation"_s,
          u"Refusé à %1 : le détenteur n'est pas sur la liste d'autorisation"_s}},
        {u"Denied to %1: the holder is not on the allow list (%2)"_s,
         {u"Denied to %1: the holder is not on the allow list (%2)"_s,
          u"Denied to %1: the holder is not on the allow list (%2)"_s},
         {u"Refusé à %1 : le détenteur n'est pas sur la liste d'autorisation (%2)"_s,
          u"Refusé à %1 : le détenteur n'est pas sur la liste d'autorisation (%2)"_s}},
        {u"Denied to %1: %2 already holds its cap of %n seat(s)"_s,
         {u"Denied to %1: %2 already holds its cap of %n seat"_s,
          u"Denied to %1: %2 already holds its cap of %n seats"_s},
         {u"Refusé à %1 : %2 détient déjà son plafond de %n siège"_s,
          u"Refusé à %1 : %2 détient déjà son plafond de %n sièges"_s}},
        {u"Denied to %1: %2 of %3 seats in use and the other %n are reserved for %4 (idle)"_s,
         {u"Denied to %1: %2 of %3 seats in use and the other %n is reserved for %4 (idle)"_s,
          u"Denied to %1: %2 of %3 seats in use and the other %n are reserved for %4 (idle)"_s},
         {u"Refusé à %1 : %2 sièges utilisés sur %3 et le dernier est réservé à %4 (inoccupé)"_s,
          u"Refusé à %1 : %2 sièges utilisés sur %3 et les %n autres sont réservés à %4 (inoccupés)"_s}},
        {u"Denied to %1: all %n seat(s) in use"_s,
         {u"Denied to %1: the only seat is in use"_s, u"Denied to %1: all %n seats in use"_s},
         {u"Refusé à %1 : le seul siège est utilisé"_s, u"Refusé à %1 : les %n sièges sont tous utilisés"_s}},
        {u"Denied to %1: %2 of %n seat(s) in use and none free for this holder"_s,
         {u"Denied to %1: %2 of %n seat in use and none free for this holder"_s,
          u"Denied to %1: %2 of %n seats in use and none free for this holder"_s},
         {u"Refusé à %1 : %2 siège utilisé sur %n et aucun de libre pour ce détenteur"_s,
          u"Refusé à %1 : %2 sièges utilisés sur %n et aucun de libre pour ce détenteur"_s}},
        {u"Seat rules at that moment: as changed at %1."_s,
         {u"Seat rules at that moment: as changed at %1."_s, u"Seat rules at that moment: as changed at %1."_s},
         {u"Règles de sièges à cet instant : celles fixées à %1."_s,
          u"Règles de sièges à cet instant : celles fixées à %1."_s}},
        {u"Seat rules at that moment: the license's current rules (no change in the loaded events)."_s,
         {u"Seat rules at that moment: the license's current rules (no change in the loaded events)."_s,
          u"Seat rules at that moment: the license's current rules (no change in the loaded events)."_s},
         {u"Règles de sièges à cet instant : les règles actuelles de la licence (aucun changement dans les événements chargés)."_s,
          u"Règles de sièges à cet instant : les règles actuelles de la licence (aucun changement dans les événements chargés)."_s}},
        {u"Seat rules at that moment: not known (they changed later and no earlier change is loaded)."_s,
         {u"Seat rules at that moment: not known (they changed later and no earlier change is loaded)."_s,
          u"Seat rules at that moment: not known (they changed later and no earlier change is loaded)."_s},
         {u"Règles de sièges à cet instant : inconnues (elles ont changé depuis et aucun changement antérieur n'est chargé)."_s,
          u"Règles de sièges à cet instant : inconnues (elles ont changé depuis et aucun changement antérieur n'est chargé)."_s}},
        {u"The loaded events do not reproduce the server's decision: the sentence follows the server's record, and the reconstruction is incomplete."_s,
         {u"The loaded events do not reproduce the server's decision: the sentence follows the server's record, and the reconstruction is incomplete."_s,
          u"The loaded events do not reproduce the server's decision: the sentence follows the server's record, and the reconstruction is incomplete."_s},
         {u"Les événements chargés ne reproduisent pas la décision du serveur : la phrase suit l'enregistrement du serveur, et la reconstitution est incomplète."_s,
          u"Les événements chargés ne reproduisent pas la décision du serveur : la phrase suit l'enregistrement du serveur, et la reconstitution est incomplète."_s}},
        {u"%n holder(s) were waiting in line: %1."_s,
         {u"%n holder was waiting in line: %1."_s, u"%n holders were waiting in line: %1."_s},
         {u"%n détenteur attendait dans la file : %1."_s, u"%n détenteurs attendaient dans la file : %1."_s}},
        {u"counted against the reservation of %1"_s,
         {u"counted against the reservation of %1"_s, u"counted against the reservation of %1"_s},
         {u"compté sur la réservation de %1"_s, u"compté sur la réservation de %1"_s}},
        {u"Seats reserved"_s, {u"Seats reserved"_s, u"Seats reserved"_s}, {u"Sièges réservés"_s, u"Sièges réservés"_s}},
        {u"Waiting in line"_s,
         {u"Waiting in line"_s, u"Waiting in line"_s},
         {u"En file d'attente"_s, u"En file d'attente"_s}},
        {u"from the line after waiting %1, generation %2, %3 of %4 seats in use"_s,
         {u"from the line after waiting %1, generation %2, %3 of %4 seats in use"_s,
          u"from the line after waiting %1, generation %2, %3 of %4 seats in use"_s},
         {u"depuis la file après %1 d'attente, génération %2, %3 sièges utilisés sur %4"_s,
          u"depuis la file après %1 d'attente, génération %2, %3 sièges utilisés sur %4"_s}},
        {u"%1 holds its cap of %2 seats"_s,
         {u"%1 holds its cap of %2 seats"_s, u"%1 holds its cap of %2 seats"_s},
         {u"%1 détient son plafond de %2 sièges"_s, u"%1 détient son plafond de %2 sièges"_s}},
        {u"matches the deny entry %1"_s,
         {u"matches the deny entry %1"_s, u"matches the deny entry %1"_s},
         {u"correspond à l'entrée d'exclusion %1"_s, u"correspond à l'entrée d'exclusion %1"_s}},
        {u"not on the allow list"_s,
         {u"not on the allow list"_s, u"not on the allow list"_s},
         {u"absent de la liste d'autorisation"_s, u"absent de la liste d'autorisation"_s}},
        {u"%1 of %2 seats in use, %3 reserved for others (idle)"_s,
         {u"%1 of %2 seats in use, %3 reserved for others (idle)"_s,
          u"%1 of %2 seats in use, %3 reserved for others (idle)"_s},
         {u"%1 sièges utilisés sur %2, %3 réservés à d'autres (inoccupés)"_s,
          u"%1 sièges utilisés sur %2, %3 réservés à d'autres (inoccupés)"_s}},
        {u"no holder groups"_s,
         {u"no holder groups"_s, u"no holder groups"_s},
         {u"aucun groupe de détenteurs"_s, u"aucun groupe de détenteurs"_s}},
        {u"groups now: %1"_s,
         {u"groups now: %1"_s, u"groups now: %1"_s},
         {u"groupes désormais : %1"_s, u"groupes désormais : %1"_s}},
        {u"position %1 in line, ticket %2"_s,
         {u"position %1 in line, ticket %2"_s, u"position %1 in line, ticket %2"_s},
         {u"position %1 dans la file, ticket %2"_s, u"position %1 dans la file, ticket %2"_s}},
        {u"gave up after waiting %1"_s,
         {u"gave up after waiting %1"_s, u"gave up after waiting %1"_s},
         {u"abandon après %1 d'attente"_s, u"abandon après %1 d'attente"_s}},
        {u"ticket expired after waiting %1: the waiter stopped renewing it"_s,
         {u"ticket expired after waiting %1: the waiter stopped renewing it"_s,
          u"ticket expired after waiting %1: the waiter stopped renewing it"_s},
         {u"ticket expiré après %1 d'attente : le demandeur a cessé de le renouveler"_s,
          u"ticket expiré après %1 d'attente : le demandeur a cessé de le renouveler"_s}},
        {u"waited the longest time it asked for (%1)"_s,
         {u"waited the longest time it asked for (%1)"_s, u"waited the longest time it asked for (%1)"_s},
         {u"a attendu la durée maximale demandée (%1)"_s, u"a attendu la durée maximale demandée (%1)"_s}},
        {u"removed from the line by an admin after waiting %1"_s,
         {u"removed from the line by an admin after waiting %1"_s,
          u"removed from the line by an admin after waiting %1"_s},
         {u"retiré de la file par un administrateur après %1 d'attente"_s,
          u"retiré de la file par un administrateur après %1 d'attente"_s}},
        {u"left the line after waiting %1"_s,
         {u"left the line after waiting %1"_s, u"left the line after waiting %1"_s},
         {u"a quitté la file après %1 d'attente"_s, u"a quitté la file après %1 d'attente"_s}},
        {u"no seat rules: every seat shared"_s,
         {u"no seat rules: every seat shared"_s, u"no seat rules: every seat shared"_s},
         {u"aucune règle de sièges : tous les sièges sont partagés"_s,
          u"aucune règle de sièges : tous les sièges sont partagés"_s}},
        {u"allow %1"_s, {u"allow %1"_s, u"allow %1"_s}, {u"autoriser %1"_s, u"autoriser %1"_s}},
        {u"deny %1"_s, {u"deny %1"_s, u"deny %1"_s}, {u"exclure %1"_s, u"exclure %1"_s}},
        {u"reserve %1 for %2"_s,
         {u"reserve %1 for %2"_s, u"reserve %1 for %2"_s},
         {u"réserver %1 pour %2"_s, u"réserver %1 pour %2"_s}},
        {u"max %1 for %2"_s, {u"max %1 for %2"_s, u"max %1 for %2"_s}, {u"max %1 pour %2"_s, u"max %1 pour %2"_s}},
        {u"rules changed"_s, {u"rules changed"_s, u"rules changed"_s}, {u"règles modifiées"_s, u"règles modifiées"_s}},
        {u"groups changed"_s,
         {u"groups changed"_s, u"groups changed"_s},
         {u"groupes modifiés"_s, u"groupes modifiés"_s}},
        {u"queued"_s, {u"queued"_s, u"queued"_s}, {u"en file d'attente"_s, u"en file d'attente"_s}},
        {u"left the queue"_s,
         {u"left the queue"_s, u"left the queue"_s},
         {u"a quitté la file"_s, u"a quitté la file"_s}},
    };
    for (const Row &row : rows)
        m_forms.insert(row.source, Forms {row.english[0], row.english[1], row.french[0], row.french[1]});
}

QString DisputeTranslations::translate(const char *, const char *sourceText, const char *, int n) const
{
    const auto it = m_forms.constFind(QString::fromUtf8(sourceText));
    if (it == m_forms.cend())
        return {};
    // English: one for 1 only; French: one for 0 and 1 (as the .ts files' numerus rules).
    if (m_french)
        return n >= 2 ? it->frenchOther : it->frenchOne;
    return n == 1 ? it->englishOne : it->englishOther;
}

} // namespace keyright::test
