<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>BorrowRefusalText</name>
    <message>
        <source>The seats of %1 may not be borrowed: its borrowing policy does not allow it.</source>
        <translation>Les sièges de %1 ne peuvent pas être empruntés : sa politique d&apos;emprunt ne le permet pas.</translation>
    </message>
    <message numerus="yes">
        <source>A seat of %2 may be borrowed for %n day(s) at most, not %1.</source>
        <extracomment>%n is the most days the policy allows, %1 the days asked for.</extracomment>
        <translation>
            <numerusform>Un siège de %2 peut être emprunté %n jour au plus, pas %1.</numerusform>
            <numerusform>Un siège de %2 peut être emprunté %n jours au plus, pas %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 may not borrow a seat of %2: only members of %3 may.</source>
        <translation>%1 ne peut pas emprunter un siège de %2 : seuls les membres de %3 le peuvent.</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) of %1 are already borrowed, the most its policy allows at once; one comes back when it is returned or expires.</source>
        <extracomment>%n seats are borrowed, the most the policy of license %1 allows at once.</extracomment>
        <translation>
            <numerusform>%n siège de %1 est déjà emprunté, le plus que sa politique permet à la fois ; il revient quand il est rendu ou expire.</numerusform>
            <numerusform>%n sièges de %1 sont déjà empruntés, le plus que sa politique permet à la fois ; l&apos;un revient quand il est rendu ou expire.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the %1 seats of %2 are borrowed and %3 must stay on site for ordinary checkouts.</source>
        <extracomment>%n seats borrowed (the verb agrees with it) of %1, license %2; %3 kept on site.</extracomment>
        <translation>
            <numerusform>Sièges de %2 empruntés : %n sur %1 ; à garder sur site pour les attributions ordinaires : %3.</numerusform>
            <numerusform>Sièges de %2 empruntés : %n sur %1 ; à garder sur site pour les attributions ordinaires : %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 may not use %2: the seat rules do not admit this holder.</source>
        <translation>%1 ne peut pas utiliser %2 : les règles de sièges n&apos;admettent pas ce détenteur.</translation>
    </message>
    <message>
        <source>No seat of %1 to borrow: the holder&apos;s group holds all the seats it may.</source>
        <translation>Aucun siège de %1 à emprunter : le groupe du détenteur détient tous les sièges qu&apos;il peut.</translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: %n of the %1 seats are in use.</source>
        <extracomment>%n seats in use (the verb agrees with it) of the %1 seats of license %2.</extracomment>
        <translation>
            <numerusform>Aucun siège de %2 à emprunter : %n des %1 sièges est utilisé.</numerusform>
            <numerusform>Aucun siège de %2 à emprunter : %n des %1 sièges sont utilisés.</numerusform>
        </translation>
    </message>
    <message>
        <source>The borrow from %1 was refused.</source>
        <translation>L&apos;emprunt de %1 a été refusé.</translation>
    </message>
    <message>
        <source>other groups</source>
        <translation>d&apos;autres groupes</translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: none of the %n seat(s) is in use, but all are reserved for %1.</source>
        <extracomment>%n seats of license %2, all reserved for the groups %1.</extracomment>
        <translation>
            <numerusform>Aucun siège de %2 à emprunter : son seul siège n&apos;est pas utilisé, mais il est réservé à %1.</numerusform>
            <numerusform>Aucun siège de %2 à emprunter : aucun des %n sièges n&apos;est utilisé, mais tous sont réservés à %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: %n of the %1 seats are in use and the other one is reserved for %3.</source>
        <extracomment>%n seats in use (the verb agrees with it) of the %1 seats of license %2; %3 the groups.</extracomment>
        <translation>
            <numerusform>Aucun siège de %2 à emprunter : %n des %1 sièges est utilisé et l&apos;autre est réservé à %3.</numerusform>
            <numerusform>Aucun siège de %2 à emprunter : %n des %1 sièges sont utilisés et l&apos;autre est réservé à %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: %n of the %1 seats are in use and the other %3 are reserved for %4.</source>
        <extracomment>%n seats in use (the verb agrees with it) of the %1 seats of license %2; the other %3 seats (2 or more) are reserved for the groups %4.</extracomment>
        <translation>
            <numerusform>Aucun siège de %2 à emprunter : %n des %1 sièges est utilisé et les %3 autres sont réservés à %4.</numerusform>
            <numerusform>Aucun siège de %2 à emprunter : %n des %1 sièges sont utilisés et les %3 autres sont réservés à %4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No seat of %2 to borrow: %1 already holds its cap of %n seat(s).</source>
        <extracomment>%1 the holder&apos;s group, %2 the license; %n the group&apos;s cap.</extracomment>
        <translation>
            <numerusform>Aucun siège de %2 à emprunter : %1 détient déjà son plafond de %n siège.</numerusform>
            <numerusform>Aucun siège de %2 à emprunter : %1 détient déjà son plafond de %n sièges.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BorrowedLeaseFile</name>
    <message>
        <source>There is no borrowed lease file %1.</source>
        <translation>Il n&apos;y a pas de fichier de bail emprunté %1.</translation>
    </message>
    <message>
        <source>The borrowed lease file %1 is open to other users; run chmod 600 %1.</source>
        <translation>Le fichier de bail emprunté %1 est ouvert aux autres utilisateurs ; lancez chmod 600 %1.</translation>
    </message>
    <message>
        <source>Cannot read the borrowed lease file %1: %2.</source>
        <translation>Impossible de lire le fichier de bail emprunté %1 : %2.</translation>
    </message>
    <message>
        <source>%1 is an ordinary lease, not a borrowed one.</source>
        <translation>%1 est un bail ordinaire, pas un bail emprunté.</translation>
    </message>
    <message>
        <source>%1 must be the server&apos;s 32-byte public key in base64.</source>
        <translation>%1 doit être la clé publique du serveur, 32 octets en base64.</translation>
    </message>
    <message>
        <source>%1 must be a string.</source>
        <translation>%1 doit être une chaîne.</translation>
    </message>
    <message>
        <source>%1 must be a UTC timestamp such as 2026-11-29T21:00:00.000Z.</source>
        <translation>%1 doit être un horodatage UTC tel que 2026-11-29T21:00:00.000Z.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for borrowed leases.</source>
        <translation>Impossible de créer le dossier %1 des baux empruntés.</translation>
    </message>
    <message>
        <source>Cannot write the borrowed lease file %1: %2.</source>
        <translation>Impossible d&apos;écrire le fichier de bail emprunté %1 : %2.</translation>
    </message>
    <message>
        <source>Cannot restrict the borrowed lease file %1 to its owner.</source>
        <translation>Impossible de réserver le fichier de bail emprunté %1 à son propriétaire.</translation>
    </message>
    <message>
        <source>Cannot write the borrowed lease file %1: only %2 of %3 bytes could be written (is the disk full?); the previous file is unchanged.</source>
        <translation>Impossible d&apos;écrire le fichier de bail emprunté %1 : seuls %2 octets sur %3 ont pu être écrits (le disque est-il plein ?) ; le fichier précédent est inchangé.</translation>
    </message>
    <message>
        <source>Cannot write the borrowed lease file %1: %2; the previous file is unchanged.</source>
        <translation>Impossible d&apos;écrire le fichier de bail emprunté %1 : %2 ; le fichier précédent est inchangé.</translation>
    </message>
    <message>
        <source>Cannot remove the borrowed lease file %1: %2.</source>
        <translation>Impossible de supprimer le fichier de bail emprunté %1 : %2.</translation>
    </message>
    <message>
        <source>There is no borrowed lease of license %1 on this computer.</source>
        <translation>Il n&apos;y a pas de bail emprunté de la licence %1 sur cet ordinateur.</translation>
    </message>
    <message>
        <source>The borrowed lease in %1 is for license %2, not %3.</source>
        <translation>Le bail emprunté de %1 est pour la licence %2, pas %3.</translation>
    </message>
    <message>
        <source>The borrowed lease of license %1 is held by %2, not by %3.</source>
        <translation>Le bail emprunté de la licence %1 est détenu par %2, pas par %3.</translation>
    </message>
    <message>
        <source>The clock of this computer is %1 behind the latest time seen (%2); the borrowed lease is refused until the clock is right.</source>
        <translation>L&apos;horloge de cet ordinateur a %1 de retard sur la dernière heure vue (%2) ; le bail emprunté est refusé tant que l&apos;horloge n&apos;est pas juste.</translation>
    </message>
    <message>
        <source>The borrowed lease of license %1 ended at %2; borrow a seat again when the server can be reached.</source>
        <translation>Le bail emprunté de la licence %1 a pris fin à %2 ; empruntez de nouveau un siège quand le serveur sera joignable.</translation>
    </message>
    <message>
        <source>%1 The borrowed lease is refused until the time seen can be recorded.</source>
        <translation>%1 Le bail emprunté est refusé tant que l&apos;heure vue ne peut pas être enregistrée.</translation>
    </message>
    <message>
        <source>%1 must be the 64 hex digits of the seat&apos;s return secret.</source>
        <translation>%1 doit être les 64 chiffres hexadécimaux du secret de retour du siège.</translation>
    </message>
    <message>
        <source>%1 This computer can no longer use or return the seat it held: move the file out of its folder (or delete it) to borrow again. The server counts that seat until its borrow ends; an admin can write it off to record that it is lost.</source>
        <translation>%1 Cet ordinateur ne peut plus utiliser ni rendre le siège qu&apos;il détenait : sortez le fichier de son dossier (ou supprimez-le) pour emprunter de nouveau. Le serveur compte ce siège jusqu&apos;à la fin de son emprunt ; un administrateur peut le déclarer perdu pour en garder la trace.</translation>
    </message>
    <message>
        <source>The borrowed lease file %1 is damaged: it is not a JSON object (%2).</source>
        <translation>Le fichier de bail emprunté %1 est endommagé : ce n&apos;est pas un objet JSON (%2).</translation>
    </message>
    <message>
        <source>The borrowed lease file %1 is damaged: %2</source>
        <translation>Le fichier de bail emprunté %1 est endommagé : %2</translation>
    </message>
    <message>
        <source>%1 This computer can no longer use or return the seat of %3 it held: move the file out of its folder (or delete it) to borrow again. The server counts that seat until its borrow ends; an admin can write seat %2 off to record that it is lost.</source>
        <translation>%1 Cet ordinateur ne peut plus utiliser ni rendre le siège de %3 qu&apos;il détenait : déplacez le fichier hors de son dossier (ou supprimez-le) pour emprunter de nouveau. Le serveur compte ce siège jusqu&apos;à la fin de son emprunt ; un administrateur peut déclarer perdu le siège %2 pour en garder la trace.</translation>
    </message>
    <message>
        <source>%1 is missing.</source>
        <translation>%1 est absent.</translation>
    </message>
    <message>
        <source>The borrowed lease of license %1 was signed with another key than the server&apos;s; give it back with `keyright return %1`, then borrow the seat again.</source>
        <translation>Le bail emprunté de la licence %1 a été signé avec une autre clé que celle du serveur ; rendez-le avec `keyright return %1`, puis empruntez de nouveau le siège.</translation>
    </message>
    <message>
        <source>The borrowed lease in %1 does not match its signature: it was changed after the server signed it; give it back with `keyright return %2`, then borrow the seat again.</source>
        <translation>Le bail emprunté dans %1 ne correspond pas à sa signature : il a été modifié après la signature du serveur ; rendez-le avec `keyright return %2`, puis empruntez de nouveau le siège.</translation>
    </message>
</context>
<context>
    <name>ConnectionProfileStore</name>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>Impossible de créer le dossier %1</translation>
    </message>
    <message>
        <source>The profile has no admin token</source>
        <translation>Le profil n&apos;a pas de jeton d&apos;administration</translation>
    </message>
    <message>
        <source>Enter the server URL.</source>
        <translation>Saisissez l&apos;URL du serveur.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a server URL: use http:// or https:// followed by a host.</source>
        <translation>« %1 » n&apos;est pas une URL de serveur : utilisez http:// ou https:// suivi d&apos;un hôte.</translation>
    </message>
    <message>
        <source>%1 is listed twice.</source>
        <translation>%1 figure deux fois.</translation>
    </message>
</context>
<context>
    <name>DisputeReconstruction</name>
    <message>
        <source>Denied to %1: an admin blocked this holder</source>
        <translation>Refusé à %1 : un administrateur a bloqué ce détenteur</translation>
    </message>
    <message>
        <source>Denied to %1: an admin blocked this holder until %2</source>
        <translation>Refusé à %1 : un administrateur a bloqué ce détenteur jusqu&apos;à %2</translation>
    </message>
    <message>
        <source>Denied to %1: the holder matches the deny entry %2</source>
        <translation>Refusé à %1 : le détenteur correspond à l&apos;entrée d&apos;exclusion %2</translation>
    </message>
    <message>
        <source>Denied to %1: the holder is not on the allow list</source>
        <translation>Refusé à %1 : le détenteur n&apos;est pas sur la liste d&apos;autorisation</translation>
    </message>
    <message>
        <source>Denied to %1: the holder is not on the allow list (%2)</source>
        <translation>Refusé à %1 : le détenteur n&apos;est pas sur la liste d&apos;autorisation (%2)</translation>
    </message>
    <message numerus="yes">
        <source>Denied to %1: %2 already holds its cap of %n seat(s)</source>
        <translation>
            <numerusform>Refusé à %1 : %2 détient déjà son plafond de %n siège</numerusform>
            <numerusform>Refusé à %1 : %2 détient déjà son plafond de %n sièges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Denied to %1: %2 of %3 seats in use and the other %n are reserved for %4 (idle)</source>
        <translation>
            <numerusform>Refusé à %1 (sièges utilisés : %2 sur %3) : %n siège est réservé à %4 (inoccupé)</numerusform>
            <numerusform>Refusé à %1 (sièges utilisés : %2 sur %3) : %n sièges sont réservés à %4 (inoccupés)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Denied to %1: all %n seat(s) in use</source>
        <translation>
            <numerusform>Refusé à %1 : le seul siège est utilisé</numerusform>
            <numerusform>Refusé à %1 : les %n sièges sont tous utilisés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Denied to %1: %2 of %n seat(s) in use and none free for this holder</source>
        <translation>
            <numerusform>Refusé à %1 (sièges utilisés : %2 sur %n) : aucun n&apos;est libre pour ce détenteur</numerusform>
            <numerusform>Refusé à %1 (sièges utilisés : %2 sur %n) : aucun n&apos;est libre pour ce détenteur</numerusform>
        </translation>
    </message>
    <message>
        <source>Seat rules at that moment: as changed at %1.</source>
        <translation>Règles de sièges à cet instant : celles fixées à %1.</translation>
    </message>
    <message>
        <source>Seat rules at that moment: the license&apos;s current rules (no change in the loaded events).</source>
        <translation>Règles de sièges à cet instant : les règles actuelles de la licence (aucun changement dans les événements chargés).</translation>
    </message>
    <message>
        <source>Seat rules at that moment: not known (they changed later and no earlier change is loaded).</source>
        <translation>Règles de sièges à cet instant : inconnues (elles ont changé depuis et aucun changement antérieur n&apos;est chargé).</translation>
    </message>
    <message>
        <source>The loaded events do not reproduce the server&apos;s decision: the sentence follows the server&apos;s record, and the reconstruction is incomplete.</source>
        <translation>Les événements chargés ne reproduisent pas la décision du serveur : la phrase suit l&apos;enregistrement du serveur, et la reconstitution est incomplète.</translation>
    </message>
    <message numerus="yes">
        <source>Denied to %1: none of the %n seat(s) is in use, but all are reserved for %2 (idle)</source>
        <translation>
            <numerusform>Refusé à %1 : le seul siège est réservé à %2 (inoccupé)</numerusform>
            <numerusform>Refusé à %1 : aucun des %n sièges n&apos;est utilisé, mais tous sont réservés à %2 (inoccupés)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanguageManager</name>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
</context>
<context>
    <name>Ledger</name>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> et %n autre</numerusform>
            <numerusform> et %n autres</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 since %2 (%3)</source>
        <translation>%1 depuis %2 (%3)</translation>
    </message>
    <message>
        <source>%1 (expired %2)</source>
        <translation>%1 (expiré à %2)</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) in active use: %1.</source>
        <translation>
            <numerusform>%n siège utilisé activement&#xa0;: %1.</numerusform>
            <numerusform>%n sièges utilisés activement&#xa0;: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) held by clients that do not report activity (never counted as idle): %1.</source>
        <translation>
            <numerusform>%n siège tenu par un client qui ne signale pas l&apos;activité (jamais compté comme inactif)&#xa0;: %1.</numerusform>
            <numerusform>%n sièges tenus par des clients qui ne signalent pas l&apos;activité (jamais comptés comme inactifs)&#xa0;: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) held but idle for more than %1: %2.</source>
        <translation>
            <numerusform>%n siège tenu mais inactif depuis plus de %1&#xa0;: %2.</numerusform>
            <numerusform>%n sièges tenus mais inactifs depuis plus de %1&#xa0;: %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) held by someone who already holds another: %1.</source>
        <translation>
            <numerusform>%n siège tenu par quelqu’un qui en tient déjà un autre&#xa0;: %1.</numerusform>
            <numerusform>%n sièges tenus par quelqu’un qui en tient déjà un autre&#xa0;: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) whose client stopped renewing, still counted within the clock skew: %1.</source>
        <translation>
            <numerusform>%n siège dont le client a cessé de renouveler, encore compté dans la tolérance d&apos;horloge&#xa0;: %1.</numerusform>
            <numerusform>%n sièges dont le client a cessé de renouveler, encore comptés dans la tolérance d&apos;horloge&#xa0;: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) reserved for %1 and unused.</source>
        <translation>
            <numerusform>%n siège réservé à %1 et inutilisé.</numerusform>
            <numerusform>%n sièges réservés à %1 et inutilisés.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) free.</source>
        <translation>
            <numerusform>%n siège libre.</numerusform>
            <numerusform>%n sièges libres.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) held above the seat count, given back as they expire.</source>
        <translation>
            <numerusform>%n siège tenu au-delà du nombre de sièges, rendu à son expiration.</numerusform>
            <numerusform>%n sièges tenus au-delà du nombre de sièges, rendus à leur expiration.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n expired lease(s) waiting for the reaper, holding no seat: %1.</source>
        <translation>
            <numerusform>%n bail expiré en attente du nettoyage, sans siège&#xa0;: %1.</numerusform>
            <numerusform>%n baux expirés en attente du nettoyage, sans siège&#xa0;: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s)</source>
        <translation>
            <numerusform>%n siège</numerusform>
            <numerusform>%n sièges</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2, at %3</source>
        <translation>%1, %2, le %3</translation>
    </message>
    <message>
        <source>%1, %2, now (%3)</source>
        <translation>%1, %2, maintenant (%3)</translation>
    </message>
    <message>
        <source>Nobody is waiting.</source>
        <translation>Personne n&apos;attend.</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 depuis %2</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting: %1.</source>
        <translation>
            <numerusform>%n en attente&#xa0;: %1.</numerusform>
            <numerusform>%n en attente&#xa0;: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is blocked until %2.</source>
        <translation>%1 est bloqué jusqu&apos;à %2.</translation>
    </message>
    <message>
        <source>under a minute</source>
        <translation>moins d&apos;une minute</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 since %2 (%3), to be given to someone waiting at %4</source>
        <translation>%1 depuis %2 (%3), à donner à une personne en attente à %4</translation>
    </message>
    <message>
        <source>The history keeps idle periods of 5 minutes or more and no blocks: a shorter pause in the past reads as in use.</source>
        <translation>L&apos;historique garde les périodes d&apos;inactivité de 5 minutes ou plus, et aucun blocage&#xa0;: une pause plus courte dans le passé compte comme une utilisation.</translation>
    </message>
    <message>
        <source>%1 (until %2)</source>
        <translation>%1 (jusqu&apos;au %2)</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) borrowed, counted until returned or expired: %1.</source>
        <translation>
            <numerusform>%n siège emprunté, compté jusqu&apos;à son retour ou son expiration&#xa0;: %1.</numerusform>
            <numerusform>%n sièges empruntés, comptés jusqu&apos;à leur retour ou leur expiration&#xa0;: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1; %2.</source>
        <translation>%1&#xa0;; %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) borrowed, counted until returned or expired: %1</source>
        <translation>
            <numerusform>%n siège emprunté, compté jusqu&apos;à son retour ou son expiration&#xa0;: %1</numerusform>
            <numerusform>%n sièges empruntés, comptés jusqu&apos;à leur retour ou leur expiration&#xa0;: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them written off: %1</source>
        <translation>
            <numerusform>%n&#xa0;d&apos;entre eux déclaré perdu&#xa0;: %1</numerusform>
            <numerusform>%n&#xa0;d&apos;entre eux déclarés perdus&#xa0;: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>it was written off</source>
        <translation>il a été déclaré perdu</translation>
    </message>
    <message>
        <source>it was written off: %1</source>
        <translation>il a été déclaré perdu&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>ReplicasPresets</name>
    <message>
        <source>Partition and reconnection</source>
        <translation>Coupure et reconnexion</translation>
    </message>
    <message>
        <source>Three replicas start empty and connected. Watch the three columns: the G-Counter map, and the two naive rules fed with exactly the same messages.</source>
        <translation>Trois répliques partent vides et connectées. Observez les trois colonnes : la table du G-Counter, et les deux règles naïves nourries exactement des mêmes messages.</translation>
    </message>
    <message>
        <source>Before the cut, alice and bob each add 1. Each knows only its own increment.</source>
        <translation>Avant la coupure, alice et bob ajoutent chacun 1. Chacun ne connaît que son propre ajout.</translation>
    </message>
    <message>
        <source>Both take a snapshot: a copy of their state, now waiting in the transit list.</source>
        <translation>Tous deux prennent un instantané : une copie de leur état, qui attend maintenant dans la liste des messages en transit.</translation>
    </message>
    <message>
        <source>Everything is delivered. The maps agree on alice 1, bob 1: total 2. The naive maximum already shows 1: of two equal totals it keeps one.</source>
        <translation>Tout est livré. Les tables s&apos;accordent sur alice 1, bob 1 : total 2. Le maximum naïf affiche déjà 1 : de deux totaux égaux, il n&apos;en garde qu&apos;un.</translation>
    </message>
    <message>
        <source>The network is cut. Nobody waits: alice adds 1, bob adds 2, carol adds 1. Each total is right for what its replica knows, and none is the true total of 6.</source>
        <translation>Le réseau est coupé. Personne n&apos;attend : alice ajoute 1, bob ajoute 2, carol ajoute 1. Chaque total est juste pour ce que sa réplique sait, et aucun n&apos;est le vrai total, 6.</translation>
    </message>
    <message>
        <source>Snapshots taken during the cut wait in transit: nothing has been merged yet.</source>
        <translation>Les instantanés pris pendant la coupure attendent en transit : rien n&apos;a encore été fusionné.</translation>
    </message>
    <message>
        <source>The link is back. alice&apos;s snapshot arrives first. bob and carol keep, for each writer, the larger count: nothing is counted twice. The naive sum adds alice&apos;s whole total, including the part they already had.</source>
        <translation>La liaison revient. L&apos;instantané d&apos;alice arrive en premier. bob et carol gardent, pour chaque auteur, le plus grand compte : rien n&apos;est compté deux fois. La somme naïve ajoute tout le total d&apos;alice, y compris la part qu&apos;ils avaient déjà.</translation>
    </message>
    <message>
        <source>carol&apos;s snapshot overtakes bob&apos;s: the order of arrival does not matter to the maps.</source>
        <translation>L&apos;instantané de carol double celui de bob : l&apos;ordre d&apos;arrivée ne change rien aux tables.</translation>
    </message>
    <message>
        <source>bob&apos;s snapshot arrives last. Every map is now alice 2, bob 3, carol 1: total 6 everywhere.</source>
        <translation>L&apos;instantané de bob arrive en dernier. Toutes les tables valent maintenant alice 2, bob 3, carol 1 : total 6 partout.</translation>
    </message>
    <message>
        <source>The network delivers bob&apos;s snapshot to alice a second time. The map does not move; the naive sum counts bob&apos;s contributions once more. The naive maximum stays at 3 and has lost three increments.</source>
        <translation>Le réseau livre une deuxième fois l&apos;instantané de bob à alice. La table ne bouge pas ; la somme naïve compte encore une fois les contributions de bob. Le maximum naïf reste à 3 et a perdu trois ajouts.</translation>
    </message>
    <message>
        <source>Relay through a third replica</source>
        <translation>Relais par une troisième réplique</translation>
    </message>
    <message>
        <source>carol will never receive anything from alice. Can she still learn about alice&apos;s increments?</source>
        <translation>carol ne recevra jamais rien d&apos;alice. Peut-elle quand même connaître les ajouts d&apos;alice ?</translation>
    </message>
    <message>
        <source>alice adds 2, bob adds 1, carol adds nothing.</source>
        <translation>alice ajoute 2, bob ajoute 1, carol n&apos;ajoute rien.</translation>
    </message>
    <message>
        <source>bob takes a snapshot, then receives alice&apos;s. He now knows alice 2, bob 1.</source>
        <translation>bob prend un instantané, puis reçoit celui d&apos;alice. Il connaît maintenant alice 2, bob 1.</translation>
    </message>
    <message>
        <source>carol receives bob&apos;s early snapshot: she learns bob 1 and nothing about alice. A snapshot is a copy; it does not follow what bob learns afterwards.</source>
        <translation>carol reçoit le premier instantané de bob : elle apprend bob 1 et rien sur alice. Un instantané est une copie ; il ne suit pas ce que bob apprend ensuite.</translation>
    </message>
    <message>
        <source>bob&apos;s new snapshot carries what he merged. carol now knows alice 2 without ever hearing from her.</source>
        <translation>Le nouveau instantané de bob transporte ce qu&apos;il a fusionné. carol connaît maintenant alice 2 sans jamais avoir eu de ses nouvelles.</translation>
    </message>
    <message>
        <source>The same snapshot reaches alice. All three maps are alice 2, bob 1: total 3. The naive sum shows 5 at alice: her own increments came back to her through bob.</source>
        <translation>Le même instantané atteint alice. Les trois tables valent alice 2, bob 1 : total 3. La somme naïve affiche 5 chez alice : ses propres ajouts lui sont revenus par bob.</translation>
    </message>
    <message>
        <source>Stale snapshot after convergence</source>
        <translation>Ancien instantané après convergence</translation>
    </message>
    <message>
        <source>An old snapshot can arrive long after newer ones. Should a replica ignore it?</source>
        <translation>Un ancien instantané peut arriver longtemps après de plus récents. Une réplique doit-elle l&apos;ignorer ?</translation>
    </message>
    <message>
        <source>alice adds 2, bob adds 1 and sends his snapshot to alice: she knows alice 2, bob 1.</source>
        <translation>alice ajoute 2, bob ajoute 1 et envoie son instantané à alice : elle connaît alice 2, bob 1.</translation>
    </message>
    <message>
        <source>alice takes a snapshot, &quot;old&quot;. The network holds it back.</source>
        <translation>alice prend un instantané, « old ». Le réseau le retient.</translation>
    </message>
    <message>
        <source>Both add 1 more and exchange fresh snapshots: alice and bob agree on alice 3, bob 2, total 5.</source>
        <translation>Tous deux ajoutent encore 1 et échangent des instantanés récents : alice et bob s&apos;accordent sur alice 3, bob 2, total 5.</translation>
    </message>
    <message>
        <source>A duplicate of bob&apos;s snapshot reaches alice: the map does not change.</source>
        <translation>Un doublon de l&apos;instantané de bob atteint alice : la table ne change pas.</translation>
    </message>
    <message>
        <source>The old snapshot finally reaches bob: alice 2, bob 1. For each writer the larger count wins, so bob stays at alice 3, bob 2. The naive sum has now counted far more than 5.</source>
        <translation>L&apos;ancien instantané atteint enfin bob : alice 2, bob 1. Pour chaque auteur, le plus grand compte l&apos;emporte : bob reste à alice 3, bob 2. La somme naïve a maintenant compté bien plus que 5.</translation>
    </message>
    <message>
        <source>The same old snapshot is news for carol, who had nothing: she learns alice 2, bob 1. An old message is not useless; it only never takes anything away.</source>
        <translation>Ce même ancien instantané est une nouvelle pour carol, qui n&apos;avait rien : elle apprend alice 2, bob 1. Un ancien message n&apos;est pas inutile ; simplement, il n&apos;enlève jamais rien.</translation>
    </message>
    <message>
        <source>bob&apos;s fresh snapshot reaches carol: total 5 on every replica.</source>
        <translation>L&apos;instantané récent de bob atteint carol : total 5 sur chaque réplique.</translation>
    </message>
    <message>
        <source>Restart under the same id</source>
        <translation>Redémarrage sous le même identifiant</translation>
    </message>
    <message>
        <source>A replica&apos;s state lives in memory. What if alice restarts from zero and keeps her old id?</source>
        <translation>L&apos;état d&apos;une réplique vit en mémoire. Que se passe-t-il si alice redémarre à zéro en gardant son ancien identifiant ?</translation>
    </message>
    <message>
        <source>alice adds 2 and sends her snapshot: bob knows alice 2.</source>
        <translation>alice ajoute 2 et envoie son instantané : bob connaît alice 2.</translation>
    </message>
    <message>
        <source>alice&apos;s process restarts with an empty state, under the same id &quot;alice&quot;.</source>
        <translation>Le processus d&apos;alice redémarre avec un état vide, sous le même identifiant « alice ».</translation>
    </message>
    <message>
        <source>alice adds 1. Her map says alice 1, although alice has counted 3 in all.</source>
        <translation>alice ajoute 1. Sa table indique alice 1, alors qu&apos;alice a compté 3 en tout.</translation>
    </message>
    <message>
        <source>bob receives alice 1. He already holds alice 2, and the larger count wins: the new increment vanishes. The true total is 3; bob shows 2.</source>
        <translation>bob reçoit alice 1. Il détient déjà alice 2, et le plus grand compte l&apos;emporte : le nouvel ajout disparaît. Le vrai total est 3 ; bob affiche 2.</translation>
    </message>
    <message>
        <source>bob&apos;s snapshot brings alice 2 back to alice, which hides her own new increment: one increment is lost for good, on every replica. Compare with the restart under a new identity.</source>
        <translation>L&apos;instantané de bob ramène alice 2 chez alice, ce qui masque son propre nouvel ajout : un ajout est perdu pour de bon, sur chaque réplique. Comparez avec le redémarrage sous une nouvelle identité.</translation>
    </message>
    <message>
        <source>Restart with a new identity</source>
        <translation>Redémarrage avec une nouvelle identité</translation>
    </message>
    <message>
        <source>The same story, but alice restarts under a new id, as a lost data directory must.</source>
        <translation>La même histoire, mais alice redémarre sous un nouvel identifiant, comme doit le faire un répertoire de données perdu.</translation>
    </message>
    <message>
        <source>alice&apos;s process restarts with an empty state and a new id, &quot;alice-2&quot;.</source>
        <translation>Le processus d&apos;alice redémarre avec un état vide et un nouvel identifiant, « alice-2 ».</translation>
    </message>
    <message>
        <source>alice adds 1, under her new id: alice-2 1.</source>
        <translation>alice ajoute 1, sous son nouvel identifiant : alice-2 1.</translation>
    </message>
    <message>
        <source>bob keeps alice 2 and adds a component alice-2 1: total 3, nothing lost.</source>
        <translation>bob garde alice 2 et ajoute une composante alice-2 1 : total 3, rien n&apos;est perdu.</translation>
    </message>
    <message>
        <source>alice learns her old incarnation&apos;s count back from bob: total 3 on both. A new identity costs one more entry in the map and loses nothing.</source>
        <translation>alice réapprend de bob le compte de son ancienne incarnation : total 3 chez les deux. Une nouvelle identité coûte une entrée de plus dans la table et ne perd rien.</translation>
    </message>
</context>
<context>
    <name>RoleLabel</name>
    <message>
        <source>viewer</source>
        <translation>lecteur</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>opérateur</translation>
    </message>
    <message>
        <source>admin</source>
        <translation>admin</translation>
    </message>
</context>
<context>
    <name>ScenarioPreset</name>
    <message>
        <source>1. Fast clock</source>
        <translation>1. Horloge en avance</translation>
    </message>
    <message>
        <source>2. Slow clock, network cut</source>
        <translation>2. Horloge en retard, réseau coupé</translation>
    </message>
    <message>
        <source>3. Crash</source>
        <translation>3. Plantage</translation>
    </message>
    <message>
        <source>4. Flaky network</source>
        <translation>4. Réseau instable</translation>
    </message>
    <message>
        <source>5. Clock rollback</source>
        <translation>5. Recul d&apos;horloge</translation>
    </message>
    <message>
        <source>6. Skew tolerance</source>
        <translation>6. Tolérance de décalage</translation>
    </message>
    <message>
        <source>Fast, signed expiry</source>
        <translation>En avance, expiration signée</translation>
    </message>
    <message>
        <source>Fast, monotonic</source>
        <translation>En avance, monotone</translation>
    </message>
    <message>
        <source>Both machines run %1 ahead of the server. The signed-expiry client compares the server&apos;s expiry with its own fast clock, so it decides its lease is over before its next heartbeat: it gives the seat back and checks out a new one. Watch the re-acquire marks on its strip: each one is an extra checkout, but the old seat is released first, so the server never counts two seats for it and the user loses nothing. The monotonic client measures the lease with a stopwatch instead of the wall clock and is not affected at all.</source>
        <translation>Les deux machines ont %1 d&apos;avance sur le serveur. Le client à expiration signée compare l&apos;expiration fixée par le serveur à sa propre horloge, qui avance : il conclut que son bail est terminé avant son prochain battement, rend le siège et en prend un nouveau. Regardez les marques de réacquisition sur sa bande : chacune est une demande de siège de plus, mais l&apos;ancien siège est libéré d&apos;abord, si bien que le serveur ne lui compte jamais deux sièges et que l&apos;utilisateur ne perd rien. Le client monotone mesure son bail au chronomètre plutôt qu&apos;à l&apos;horloge murale : il n&apos;est pas touché du tout.</translation>
    </message>
    <message>
        <source>Slow, signed expiry</source>
        <translation>En retard, expiration signée</translation>
    </message>
    <message>
        <source>Slow, monotonic</source>
        <translation>En retard, monotone</translation>
    </message>
    <message>
        <source>Both machines run %1 behind the server, and both lose the network just after a heartbeat. The server stops counting their seats on time, at the signed expiry plus the skew, whatever the clients believe: watch the server column turn to &quot;expired&quot; and later &quot;reaped&quot;. The signed-expiry client keeps acting for %1 more, because its slow clock has not reached the expiry yet: the red stretch on its strip is time spent working without a seat. The monotonic client stops on time.</source>
        <translation>Les deux machines ont %1 de retard sur le serveur, et toutes deux perdent le réseau juste après un battement. Le serveur cesse de compter leurs sièges à l&apos;heure, à l&apos;expiration signée plus le décalage toléré, quoi que croient les clients : regardez la colonne serveur passer à « expiré » puis à « nettoyé ». Le client à expiration signée continue de travailler %1 de plus, car son horloge en retard n&apos;a pas encore atteint l&apos;expiration : le tronçon rouge sur sa bande, c&apos;est du travail sans siège. Le client monotone s&apos;arrête à l&apos;heure.</translation>
    </message>
    <message>
        <source>Crashes</source>
        <translation>Plante</translation>
    </message>
    <message>
        <source>Keeps running</source>
        <translation>Continue de tourner</translation>
    </message>
    <message>
        <source>One application crashes without releasing its seat. Nobody tells the server, and nobody has to: the seat stays taken only until its signed expiry plus the skew, at most one TTL plus the skew after the last heartbeat, then it counts as free again. The row is deleted later, after the reap grace, by the server&apos;s reaper (it runs every few seconds on the real server, so the &quot;reaped&quot; mark can come a little after the grace). The other client keeps beating undisturbed.</source>
        <translation>Une application plante sans libérer son siège. Personne ne prévient le serveur, et personne n&apos;a à le faire : le siège reste pris seulement jusqu&apos;à son expiration signée plus le décalage, au plus un TTL plus le décalage après le dernier battement, puis il redevient libre. La ligne est supprimée plus tard, après le délai de grâce, par le nettoyeur du serveur (sur le vrai serveur il passe toutes les quelques secondes, la marque « nettoyé » peut donc arriver un peu après la grâce). L&apos;autre client continue de battre sans être dérangé.</translation>
    </message>
    <message>
        <source>Flaky, monotonic</source>
        <translation>Réseau instable, monotone</translation>
    </message>
    <message>
        <source>Flaky, signed expiry</source>
        <translation>Réseau instable, expiration signée</translation>
    </message>
    <message>
        <source>The network drops twice, each time for %1, less than the lease has left to run. Heartbeats fail (the &quot;beat lost&quot; marks) but the held lease is still live, so the keeper simply tries again when the network is back. The application never stops and the server never frees the seat: a lost request is not a lost lease.</source>
        <translation>Le réseau tombe deux fois, chaque fois pendant %1, moins que ce qui reste au bail. Les battements échouent (les marques « battement perdu ») mais le bail détenu est encore valide : le gardien réessaie simplement quand le réseau revient. L&apos;application ne s&apos;arrête jamais et le serveur ne libère jamais le siège : une requête perdue n&apos;est pas un bail perdu.</translation>
    </message>
    <message>
        <source>Rolls back, signed expiry</source>
        <translation>Recule l&apos;horloge, expiration signée</translation>
    </message>
    <message>
        <source>Rolls back, monotonic</source>
        <translation>Recule l&apos;horloge, monotone</translation>
    </message>
    <message>
        <source>Colleague %1</source>
        <translation>Collègue %1</translation>
    </message>
    <message>
        <source>The pool is full and two colleagues are waiting for a seat. Two users go offline and set their clocks back two minutes, hoping to stretch their leases. The server does not care: it frees both seats at the signed expiry plus the skew, and the waiting colleagues take them. Offline, the signed-expiry client is fooled and keeps working on its stale lease (red on its strip); the monotonic client is not. When the network comes back, the server answers &quot;seat lost&quot; and refuses a new checkout because the pool is full: only the server&apos;s signature ever moves an expiry, and no lease it did not sign appears anywhere.</source>
        <translation>Le pool est plein et deux collègues attendent un siège. Deux utilisateurs se mettent hors ligne et reculent leur horloge de deux minutes, dans l&apos;espoir d&apos;étirer leur bail. Le serveur n&apos;en a cure : il libère les deux sièges à l&apos;expiration signée plus le décalage, et les collègues en attente les prennent. Hors ligne, le client à expiration signée est dupé et continue de travailler sur son bail périmé (en rouge sur sa bande) ; le client monotone ne l&apos;est pas. Quand le réseau revient, le serveur répond « siège perdu » et refuse une nouvelle demande de siège car le pool est plein : seule la signature du serveur déplace une expiration, et aucun bail qu&apos;il n&apos;a pas signé n&apos;apparaît nulle part.</translation>
    </message>
    <message>
        <source>Slow, skew 5 s</source>
        <translation>En retard, décalage 5 s</translation>
    </message>
    <message>
        <source>Waiting (skew 5 s)</source>
        <translation>En attente (décalage 5 s)</translation>
    </message>
    <message>
        <source>Slow, skew 0</source>
        <translation>En retard, décalage 0</translation>
    </message>
    <message>
        <source>Waiting (skew 0)</source>
        <translation>En attente (décalage 0)</translation>
    </message>
    <message>
        <source>Two one-seat licenses, identical except for the skew: 5 s on one, zero on the other. On each, a client whose clock is 4 s slow holds the seat and loses its network, and a colleague waits for the seat. With a skew of 5 s the server keeps counting the seat for as long as the slow client can still be acting, so the colleague only gets it afterwards. With a skew of zero the colleague gets the seat while the slow client still works for a few seconds: two people on one seat, the double use the skew tolerance is there to absorb.</source>
        <translation>Deux licences d&apos;un siège, identiques sauf pour le décalage toléré : 5 s pour l&apos;une, zéro pour l&apos;autre. Sur chacune, un client dont l&apos;horloge retarde de 4 s tient le siège et perd son réseau, et un collègue attend le siège. Avec un décalage de 5 s, le serveur continue de compter le siège tant que le client en retard peut encore travailler : le collègue ne l&apos;obtient qu&apos;après. Avec un décalage de zéro, le collègue obtient le siège alors que le client en retard travaille encore quelques secondes : deux personnes sur un siège, le double usage que la tolérance de décalage est là pour absorber.</translation>
    </message>
    <message>
        <source>There is no scenario %1.</source>
        <translation>Il n&apos;existe pas de scénario %1.</translation>
    </message>
    <message>
        <source>7. The server&apos;s clock jumps</source>
        <translation>7. L&apos;horloge du serveur saute</translation>
    </message>
    <message>
        <source>Holder %1</source>
        <translation>Détenteur %1</translation>
    </message>
    <message>
        <source>Waiting colleague</source>
        <translation>Collègue en attente</translation>
    </message>
    <message>
        <source>8. An instance dies</source>
        <translation>8. Une instance meurt</translation>
    </message>
    <message>
        <source>Desk %1</source>
        <translation>Poste %1</translation>
    </message>
    <message>
        <source>Three instances of the server share one database, and the four desks are spread over them: each row says which instance it talks to. A little later the busiest instance dies, as if its process were killed: its port closes and its connections are cut. Each of its desks sends its next heartbeat there, finds nobody, and sends the same heartbeat to the next instance at once: the row moves (the ⇄ mark on its strip) within one heartbeat, its lease never lapses, and the seat count stays where it was: no seat lost, none counted twice, because every instance reads the same seats. Later the instance comes back and nothing changes: the desks stay where they are. You can also kill and bring back an instance yourself with the instance buttons (Ctrl+1 to Ctrl+3); no confirmation is asked, this is a sandbox.</source>
        <translation>Trois instances du serveur partagent une même base de données, et les quatre postes sont répartis entre elles : chaque ligne indique à quelle instance elle parle. Un peu plus tard, l&apos;instance la plus chargée meurt, comme si son processus était tué : son port se ferme et ses connexions sont coupées. Chacun de ses postes y envoie son battement suivant, n&apos;y trouve personne et envoie aussitôt le même battement à l&apos;instance suivante : la ligne change d&apos;instance (la marque ⇄ sur sa bande) en un battement, son bail n&apos;expire jamais et le compte de sièges ne bouge pas : aucun siège perdu, aucun compté deux fois, car toutes les instances lisent les mêmes sièges. Plus tard, l&apos;instance revient et rien ne change : les postes restent où ils sont. Vous pouvez aussi tuer puis relancer une instance vous-même avec les boutons des instances (Ctrl+1 à Ctrl+3) ; aucune confirmation n&apos;est demandée, c&apos;est un bac à sable.</translation>
    </message>
    <message>
        <source>Three holders fill the pool and a colleague waits for a seat. Then the server&apos;s own clock jumps ten minutes back, and later ten minutes forward to the right time again, as when someone sets the server&apos;s time wrong by hand and then corrects it. Going by its wall clock, the server would sign leases ten minutes short while its clock is wrong, and once the clock is put right it would think every one of them ran out at once and hand the seats to the colleague while their holders still work. It does not: it sees each jump (a &quot;clock jumped&quot; event), keeps measuring leases with real elapsed time, and never signs an expiry earlier than one it already signed. Every holder keeps its seat, the colleague keeps waiting, and a crashed holder&apos;s seat would still come back one TTL plus the skew after its last heartbeat. When the scenario ends or another one starts, the server&apos;s clock is where it was before.</source>
        <translation>Trois détenteurs remplissent le pool et un collègue attend un siège. Puis l&apos;horloge du serveur fait un bond de dix minutes en arrière, et plus tard de dix minutes en avant pour revenir à la bonne heure, comme quand quelqu&apos;un règle mal l&apos;heure du serveur à la main puis la corrige. S&apos;il se fiait à son horloge murale, le serveur signerait des baux trop courts de dix minutes tant que son horloge est fausse, et une fois l&apos;horloge remise à l&apos;heure il croirait qu&apos;ils ont tous expiré d&apos;un coup et donnerait les sièges au collègue alors que leurs détenteurs travaillent encore. Il n&apos;en fait rien : il voit chaque saut (un événement « saut d&apos;horloge »), continue de mesurer les baux avec le temps réellement écoulé et ne signe jamais une expiration plus tôt qu&apos;une expiration déjà signée. Chaque détenteur garde son siège, le collègue continue d&apos;attendre, et le siège d&apos;un détenteur qui plante reviendrait toujours un TTL plus le décalage après son dernier battement. Quand le scénario se termine ou qu&apos;un autre commence, l&apos;horloge du serveur est là où elle était avant.</translation>
    </message>
    <message>
        <source>9. The idle hog</source>
        <translation>9. L&apos;accapareur inactif</translation>
    </message>
    <message>
        <source>Idle hog</source>
        <translation>Accapareur inactif</translation>
    </message>
    <message>
        <source>Colleague</source>
        <translation>Collègue</translation>
    </message>
    <message>
        <source>One seat, and a license that reclaims idle seats: a holder who has done nothing for a minute loses the seat to someone waiting, after a minute&apos;s warning (a real site would rather wait an hour and warn ten minutes ahead). The idle hog&apos;s application was left open overnight and nobody has touched it for two hours; a few seconds later a colleague starts the application and waits in line. The server marks the hog&apos;s seat, and the hog&apos;s next heartbeat brings the warning: its row says when the seat goes (⚠ on its strip), as its application would tell its user. Nobody is there to answer. At that time the server takes the seat and gives it straight to the colleague: the hog&apos;s server column says &quot;reclaimed&quot; and the colleague&apos;s strip turns green. The count never goes above one: the seat left the hog before it went to the colleague. At the same moment the hog&apos;s keeper stops by itself, as its warning said, without waiting for a heartbeat: its strip shows ! and it is refused a new seat, since the only seat is taken. Any input before the warned time would have kept the seat.</source>
        <translation>Un seul siège, et une licence qui reprend les sièges inactifs : un détenteur qui n&apos;a rien fait depuis une minute perd son siège au profit d&apos;une personne qui attend, après une minute d&apos;avertissement (un vrai site attendrait plutôt une heure et avertirait dix minutes avant). L&apos;application de l&apos;accapareur est restée ouverte toute la nuit et personne n&apos;y a touché depuis deux heures ; quelques secondes plus tard, un collègue lance l&apos;application et se met dans la file. Le serveur marque le siège de l&apos;accapareur, et son battement suivant apporte l&apos;avertissement : sa ligne dit quand le siège part (⚠ sur sa bande), comme son application le dirait à son utilisateur. Personne n&apos;est là pour répondre. À cette heure-là, le serveur reprend le siège et le donne aussitôt au collègue : la colonne serveur de l&apos;accapareur indique « repris » et la bande du collègue passe au vert. Le compte ne dépasse jamais un : le siège a quitté l&apos;accapareur avant d&apos;aller au collègue. Au même moment, le gardien de l&apos;accapareur s&apos;arrête de lui-même, comme son avertissement l&apos;annonçait, sans attendre de battement : sa bande montre ! et un nouveau siège lui est refusé, puisque le seul siège est pris. La moindre saisie avant l&apos;heure annoncée aurait gardé le siège.</translation>
    </message>
    <message>
        <source>10. A laptop goes on a trip</source>
        <translation>10. Un portable part en voyage</translation>
    </message>
    <message>
        <source>11. The borrowed laptop&apos;s clock is turned back</source>
        <translation>11. On recule l&apos;horloge du portable qui a emprunté</translation>
    </message>
    <message>
        <source>Laptop on a trip</source>
        <translation>Portable en voyage</translation>
    </message>
    <message>
        <source>Second laptop</source>
        <translation>Second portable</translation>
    </message>
    <message>
        <source>Office desk 1</source>
        <translation>Poste du bureau 1</translation>
    </message>
    <message>
        <source>Office desk 2</source>
        <translation>Poste du bureau 2</translation>
    </message>
    <message>
        <source>Borrowed, offline check</source>
        <translation>Emprunté, vérification hors ligne</translation>
    </message>
    <message>
        <source>Desk, monotonic</source>
        <translation>Poste, monotone</translation>
    </message>
    <message>
        <source>Desk, signed expiry</source>
        <translation>Poste, expiration signée</translation>
    </message>
    <message>
        <source>Three machines go offline and their clocks are turned back two minutes at the same moment, then put right. Each row shows one rule&apos;s verdict. The borrowed laptop checks its lease offline: it remembers the latest time it has seen, and a clock more than the skew behind it is a rollback, so it refuses the lease at once, with its sentence, and accepts it again as soon as the clock is right (✓). The desk with the monotonic keeper times its lease with a stopwatch that no clock change moves: it is not fooled and stops when its lease runs out. The desk with the signed-expiry rule of the original design (the lease is live while now ≤ expiry + skew, on its own clock) believes its clock: it keeps working after the server has taken its seat back (red on its strip) until the clock is put right. For an ordinary lease the server still counts honestly; for a borrowed one, days away from any server, the rollback guard is the only thing standing between a turned-back clock and a seat kept forever.</source>
        <translation>Trois machines passent hors ligne et leur horloge recule de deux minutes au même instant, puis est remise à l&apos;heure. Chaque ligne montre le verdict d&apos;une règle. Le portable qui a emprunté vérifie son bail hors ligne : il retient l&apos;heure la plus tardive qu&apos;il a vue, et une horloge en retard de plus que la tolérance sur elle est un recul, donc il refuse le bail aussitôt, avec sa phrase, et l&apos;accepte de nouveau dès que l&apos;horloge est juste (✓). Le poste au gardien monotone mesure son bail avec un chronomètre qu&apos;aucun changement d&apos;horloge ne bouge : il n&apos;est pas dupe et s&apos;arrête quand son bail expire. Le poste à la règle d&apos;expiration signée de la conception d&apos;origine (le bail est valide tant que maintenant ≤ expiration + tolérance, sur sa propre horloge) croit son horloge : il continue de travailler après que le serveur a repris son siège (rouge sur sa bande) jusqu&apos;à ce que l&apos;horloge soit remise à l&apos;heure. Pour un bail ordinaire le serveur compte toujours honnêtement ; pour un bail emprunté, à des jours de tout serveur, le garde-fou contre le recul est la seule chose entre une horloge reculée et un siège gardé pour toujours.</translation>
    </message>
    <message>
        <source>Three seats, and a license that lends them for up to a week but keeps two on site for the office. The first laptop borrows a seat for a day and leaves: it goes offline and sends no heartbeat, yet the server counts its seat all along (&quot;borrowed · counted&quot;), long after an ordinary lease would have run out. A second laptop asks to borrow too and is refused, saying why on its row: one more borrowed seat would leave fewer than two on site. The two office desks still check out: the low-water mark kept their seats. When the first laptop comes back early and returns its seat, the server frees it at once (&quot;returned early&quot;) without waiting for the end of the borrow, and the second laptop&apos;s next request is granted.</source>
        <translation>Trois sièges, et une licence qui les prête jusqu&apos;à une semaine mais en garde deux sur site pour le bureau. Le premier portable emprunte un siège pour une journée et s&apos;en va : il passe hors ligne et n&apos;envoie aucun battement, et pourtant le serveur compte son siège tout du long (« emprunté · compté »), bien après l&apos;expiration d&apos;un bail ordinaire. Un second portable demande à emprunter lui aussi et se voit refuser, avec la raison sur sa ligne : un siège emprunté de plus en laisserait moins de deux sur site. Les deux postes du bureau obtiennent quand même leur siège : le seuil de réserve leur a gardé leurs sièges. Quand le premier portable revient en avance et rend son siège, le serveur le libère aussitôt (« rendu en avance ») sans attendre la fin de l&apos;emprunt, et la demande suivante du second portable est accordée.</translation>
    </message>
</context>
<context>
    <name>TlsTrust</name>
    <message>
        <source>cannot read the CA file %1: %2</source>
        <translation>impossible de lire le fichier d&apos;autorités %1 : %2</translation>
    </message>
    <message>
        <source>the CA file %1 holds no PEM or DER certificate</source>
        <translation>le fichier d&apos;autorités %1 ne contient aucun certificat PEM ou DER</translation>
    </message>
    <message>
        <source>SSL_CERT_FILE: %1</source>
        <translation>SSL_CERT_FILE : %1</translation>
    </message>
    <message>
        <source>SSL_CERT_DIR: %1 is not a directory</source>
        <translation>SSL_CERT_DIR : %1 n&apos;est pas un dossier</translation>
    </message>
    <message>
        <source>SSL_CERT_DIR: %1 holds no PEM certificate</source>
        <translation>SSL_CERT_DIR : %1 ne contient aucun certificat PEM</translation>
    </message>
    <message>
        <source>SSL_CERT_DIR: %1 does not exist; skipped</source>
        <translation>SSL_CERT_DIR : %1 n&apos;existe pas ; ignoré</translation>
    </message>
</context>
<context>
    <name>WhatIf</name>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message>
        <source>No checkouts were recorded %1: there is nothing to replay.</source>
        <translation>Aucune demande d&apos;attribution n&apos;a été enregistrée %1 : il n&apos;y a rien à rejouer.</translation>
    </message>
    <message numerus="yes">
        <source>; with %1, %n more would have been refused.</source>
        <translation>
            <numerusform>&#xa0;; avec %1, %n de plus aurait été refusé.</numerusform>
            <numerusform>&#xa0;; avec %1, %n de plus auraient été refusés.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; with %1, %n ticket(s) would have given up waiting.</source>
        <translation>
            <numerusform>&#xa0;; avec %1, %n ticket aurait renoncé à attendre.</numerusform>
            <numerusform>&#xa0;; avec %1, %n tickets auraient renoncé à attendre.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With %n seat(s), none of the %1 checkout requests %2 would have waited</source>
        <translation>
            <numerusform>Avec %n siège, aucune des %1 demandes d&apos;attribution %2 n&apos;aurait attendu</numerusform>
            <numerusform>Avec %n sièges, aucune des %1 demandes d&apos;attribution %2 n&apos;aurait attendu</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With %n seat(s), %1 of the %2 checkout requests %3 would have waited, none longer than %4</source>
        <translation>
            <numerusform>Avec %n siège, %1 des %2 demandes d&apos;attribution %3 auraient attendu, aucune au-delà de %4</numerusform>
            <numerusform>Avec %n sièges, %1 des %2 demandes d&apos;attribution %3 auraient attendu, aucune au-delà de %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n refusal(s) would have happened with any number of seats: the seat rules or a block kept the holder(s) out)</source>
        <translation>
            <numerusform> (%n refus aurait eu lieu quel que soit le nombre de sièges : les règles de sièges ou un blocage écartaient ce détenteur)</numerusform>
            <numerusform> (%n refus auraient eu lieu quel que soit le nombre de sièges : les règles de sièges ou un blocage écartaient ces détenteurs)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::AdminClient</name>
    <message>
        <source>%1: malformed reply: %2</source>
        <translation>%1 : réponse mal formée : %2</translation>
    </message>
    <message>
        <source>unexpected HTTP status %1</source>
        <translation>statut HTTP inattendu %1</translation>
    </message>
    <message>
        <source>fetching the server&apos;s public key: %1</source>
        <translation>lecture de la clé publique du serveur : %1</translation>
    </message>
</context>
<context>
    <name>keyright::AlertEndpointDialog</name>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copier</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Ajouter</translation>
    </message>
    <message>
        <source>Add alert endpoint</source>
        <translation>Ajouter un point de livraison d’alertes</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL :</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copié</translation>
    </message>
    <message>
        <source>Added the endpoint %1. Its signing secret is below: copy it into the receiver now, it will not be shown again.</source>
        <translation>Point de livraison %1 ajouté. Son secret de signature est ci-dessous : copiez-le maintenant dans le récepteur, il ne sera plus affiché.</translation>
    </message>
</context>
<context>
    <name>keyright::AlertListModel</name>
    <message>
        <source>%1
Double-click or press Enter to open license %2 on the Seats page.</source>
        <translation>%1
Double-cliquez ou appuyez sur Entrée pour ouvrir la licence %2 dans la page Sièges.</translation>
    </message>
    <message>
        <source>firing</source>
        <translation>en cours</translation>
    </message>
    <message>
        <source>resolved at %1</source>
        <translation>résolue le %1</translation>
    </message>
    <message>
        <source>(the server)</source>
        <comment>an alert about no license</comment>
        <translation>(le serveur)</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Gravité</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>Alerte</translation>
    </message>
    <message>
        <source>Fired</source>
        <translation>Déclenchée</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>info</source>
        <comment>alert severity</comment>
        <translation>info</translation>
    </message>
    <message>
        <source>warning</source>
        <comment>alert severity</comment>
        <translation>avertissement</translation>
    </message>
    <message>
        <source>critical</source>
        <comment>alert severity</comment>
        <translation>critique</translation>
    </message>
    <message>
        <source>seats in use</source>
        <translation>sièges utilisés</translation>
    </message>
    <message>
        <source>denials</source>
        <translation>refus</translation>
    </message>
    <message>
        <source>waiting line</source>
        <translation>file d’attente</translation>
    </message>
    <message>
        <source>validity ending</source>
        <translation>fin de validité</translation>
    </message>
    <message>
        <source>instance silent</source>
        <translation>instance muette</translation>
    </message>
    <message>
        <source>clock jump</source>
        <translation>saut d’horloge</translation>
    </message>
    <message>
        <source>The alerts firing now could not be read: %1</source>
        <translation>Les alertes en cours n’ont pas pu être lues : %1</translation>
    </message>
    <message numerus="yes">
        <source>The alerts of the last %n day(s) could not be read: %1</source>
        <translation>
            <numerusform>Les alertes du dernier jour n’ont pas pu être lues : %1</numerusform>
            <numerusform>Les alertes des %n derniers jours n’ont pas pu être lues : %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
Double-click or press Enter to see the denials of license %2 on the Events page.</source>
        <translation>%1
Double-cliquez ou appuyez sur Entrée pour voir les refus de la licence %2 dans la page Événements.</translation>
    </message>
    <message>
        <source>Acknowledged by %1 at %2.</source>
        <translation>Prise en compte par %1 le %2.</translation>
    </message>
    <message>
        <source>Acknowledged by %1 at %2: %3</source>
        <translation>Prise en compte par %1 le %2 : %3</translation>
    </message>
    <message>
        <source>firing, acknowledged by %1 at %2</source>
        <translation>en cours, prise en compte par %1 le %2</translation>
    </message>
</context>
<context>
    <name>keyright::AlertRuleDialog</name>
    <message>
        <source>Tell nobody between</source>
        <translation>Ne prévenir personne entre</translation>
    </message>
    <message>
        <source>New alert rule</source>
        <translation>Nouvelle règle d’alerte</translation>
    </message>
    <message>
        <source>Alert rule %1</source>
        <translation>Règle d’alerte %1</translation>
    </message>
    <message>
        <source>every license</source>
        <translation>toutes les licences</translation>
    </message>
    <message>
        <source>one license</source>
        <translation>une licence</translation>
    </message>
    <message>
        <source>a holder group</source>
        <translation>un groupe de détenteurs</translation>
    </message>
    <message>
        <source>60, 30, 7</source>
        <translation>60, 30, 7</translation>
    </message>
    <message>
        <source>and</source>
        <translation>et</translation>
    </message>
    <message>
        <source>Rule id</source>
        <translation>Identifiant de la règle</translation>
    </message>
    <message>
        <source>Watches</source>
        <translation>Surveille</translation>
    </message>
    <message>
        <source>Applies to</source>
        <translation>S’applique à</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Gravité</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Seuil</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>Minutes</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Secondes</translation>
    </message>
    <message>
        <source>Days&apos; notice</source>
        <translation>Jours de préavis</translation>
    </message>
    <message>
        <source>Quiet hours</source>
        <translation>Heures de silence</translation>
    </message>
    <message>
        <source>Days&apos; notice are whole numbers separated by commas: &quot;%1&quot; is not one.</source>
        <translation>Les jours de préavis sont des nombres entiers séparés par des virgules : « %1 » n’en est pas un.</translation>
    </message>
    <message>
        <source>Fires when the seats in use reach the threshold (a percentage of the license&apos;s seats) and stay there for the minutes given (0: at once).</source>
        <translation>Se déclenche quand les sièges occupés atteignent le seuil (un pourcentage des sièges de la licence) et y restent pendant les minutes indiquées (0 : aussitôt).</translation>
    </message>
    <message>
        <source>Threshold 0: fires on any true denial (no seat within the minutes given); else when there are more denials than the threshold within the minutes given.</source>
        <translation>Seuil 0 : se déclenche à tout vrai refus (aucun siège obtenu dans les minutes indiquées) ; sinon quand il y a plus de refus que le seuil dans les minutes indiquées.</translation>
    </message>
    <message>
        <source>Fires when more than the threshold are waiting, or someone has waited longer than the minutes given (0 leaves either unwatched).</source>
        <translation>Se déclenche quand plus de personnes que le seuil attendent, ou que quelqu’un attend depuis plus que les minutes indiquées (0 : non surveillé).</translation>
    </message>
    <message>
        <source>Fires at each day&apos;s notice before the license or its maintenance ends (none given: 60, 30 and 7).</source>
        <translation>Se déclenche à chaque jour de préavis avant la fin de la licence ou de sa maintenance (aucun indiqué : 60, 30 et 7).</translation>
    </message>
    <message>
        <source>Fires when an instance on the shared database has not been seen for the seconds given.</source>
        <translation>Se déclenche quand une instance de la base partagée n’a pas été vue depuis les secondes indiquées.</translation>
    </message>
    <message>
        <source>Fires when a server&apos;s clock jumped, and stays firing for the minutes given.</source>
        <translation>Se déclenche quand l’horloge d’un serveur a sauté, et le reste pendant les minutes indiquées.</translation>
    </message>
    <message>
        <source>&amp;Preview the last 7 days</source>
        <translation>&amp;Aperçu des 7 derniers jours</translation>
    </message>
    <message>
        <source>No preview for this kind of rule: the usage history answers only the seats in use and the denials.</source>
        <translation>Pas d’aperçu pour ce type de règle : l’historique d’utilisation ne renseigne que les sièges utilisés et les refus.</translation>
    </message>
    <message>
        <source>No preview for a holder group: the usage history counts a license&apos;s seats, not a group&apos;s.</source>
        <translation>Pas d’aperçu pour un groupe de détenteurs : l’historique d’utilisation compte les sièges d’une licence, pas ceux d’un groupe.</translation>
    </message>
    <message>
        <source>No preview yet: name the license first.</source>
        <translation>Pas encore d’aperçu : nommez d’abord la licence.</translation>
    </message>
    <message>
        <source>Reading the last 7 days of usage…</source>
        <translation>Lecture des 7 derniers jours d’utilisation…</translation>
    </message>
    <message>
        <source> %</source>
        <comment>the threshold of a seats-in-use rule</comment>
        <translation> %</translation>
    </message>
    <message>
        <source> denials</source>
        <comment>the threshold of a denials rule</comment>
        <translation> refus</translation>
    </message>
    <message>
        <source> waiting</source>
        <comment>the threshold of a waiting-line rule</comment>
        <translation> en attente</translation>
    </message>
    <message>
        <source>group name</source>
        <translation>nom du groupe</translation>
    </message>
    <message>
        <source>license id</source>
        <translation>identifiant de licence</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
</context>
<context>
    <name>keyright::AlertText</name>
    <message numerus="yes">
        <source>(notice of %n day(s))</source>
        <translation>
            <numerusform>(préavis de %n jour)</numerusform>
            <numerusform>(préavis de %n jours)</numerusform>
        </translation>
    </message>
    <message>
        <source>the license expired on %1</source>
        <translation>la licence a expiré le %1</translation>
    </message>
    <message>
        <source>the license expires on %1, within a day</source>
        <translation>la licence expire le %1, dans moins d&apos;un jour</translation>
    </message>
    <message numerus="yes">
        <source>the license expires on %1, in %n day(s)</source>
        <translation>
            <numerusform>la licence expire le %1, dans %n jour</numerusform>
            <numerusform>la licence expire le %1, dans %n jours</numerusform>
        </translation>
    </message>
    <message>
        <source>its maintenance ended on %1 (checkouts are not affected)</source>
        <translation>sa maintenance a pris fin le %1 (les prises de siège ne sont pas touchées)</translation>
    </message>
    <message>
        <source>its maintenance ends on %1, within a day (checkouts are not affected)</source>
        <translation>sa maintenance prend fin le %1, dans moins d&apos;un jour (les prises de siège ne sont pas touchées)</translation>
    </message>
    <message numerus="yes">
        <source>its maintenance ends on %1, in %n day(s) (checkouts are not affected)</source>
        <translation>
            <numerusform>sa maintenance prend fin le %1, dans %n jour (les prises de siège ne sont pas touchées)</numerusform>
            <numerusform>sa maintenance prend fin le %1, dans %n jours (les prises de siège ne sont pas touchées)</numerusform>
        </translation>
    </message>
    <message>
        <source>the license or its maintenance has ended</source>
        <translation>la licence ou sa maintenance a pris fin</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) before the license or its maintenance ends</source>
        <translation>
            <numerusform>%n jour avant la fin de la licence ou de sa maintenance</numerusform>
            <numerusform>%n jours avant la fin de la licence ou de sa maintenance</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 % of the seats in use (the rule&apos;s threshold: %2 %)</source>
        <translation>%1 % des sièges utilisés (seuil de la règle : %2 %)</translation>
    </message>
    <message numerus="yes">
        <source>%n true denial(s)</source>
        <translation>
            <numerusform>%n vrai refus</numerusform>
            <numerusform>%n vrais refus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n denial(s) in the rule&apos;s window (more than %1 fires it)</source>
        <translation>
            <numerusform>%n refus dans la fenêtre de la règle (elle se déclenche au-delà de %1)</numerusform>
            <numerusform>%n refus dans la fenêtre de la règle (elle se déclenche au-delà de %1)</numerusform>
        </translation>
    </message>
    <message>
        <source>the waiting line at %1 (the rule&apos;s limit: %2)</source>
        <translation>file d’attente à %1 (limite de la règle : %2)</translation>
    </message>
    <message>
        <source>an instance silent for %1</source>
        <translation>une instance silencieuse depuis %1</translation>
    </message>
    <message numerus="yes">
        <source>%n clock jump(s)</source>
        <translation>
            <numerusform>%n saut d’horloge</numerusform>
            <numerusform>%n sauts d’horloge</numerusform>
        </translation>
    </message>
    <message>
        <source>rule %1: %2</source>
        <translation>règle %1 : %2</translation>
    </message>
    <message>
        <source>rule %1 no longer holds: %2</source>
        <translation>règle %1 : la condition ne tient plus : %2</translation>
    </message>
    <message>
        <source>instance %1 was stopped gracefully: it is no longer watched</source>
        <translation>l&apos;instance %1 a été arrêtée proprement : elle n&apos;est plus surveillée</translation>
    </message>
    <message>
        <source>instance %1, silent for more than %2, is forgotten: it is no longer watched</source>
        <translation>l&apos;instance %1, silencieuse depuis plus de %2, est oubliée : elle n&apos;est plus surveillée</translation>
    </message>
    <message>
        <source>instance %1 silent for %2 (the rule&apos;s limit: %3)</source>
        <translation>instance %1 silencieuse depuis %2 (limite de la règle : %3)</translation>
    </message>
    <message>
        <source>instance %1 silent for %2, last seen %3 (the rule&apos;s limit: %4)</source>
        <translation>instance %1 silencieuse depuis %2, vue pour la dernière fois le %3 (limite de la règle : %4)</translation>
    </message>
</context>
<context>
    <name>keyright::AlertTray</name>
    <message>
        <source>Keyright: no alert firing</source>
        <translation>Keyright : aucune alerte en cours</translation>
    </message>
    <message numerus="yes">
        <source>Keyright: %n alert(s) firing, the worst %1</source>
        <translation>
            <numerusform>Keyright : %n alerte en cours, la plus grave %1</numerusform>
            <numerusform>Keyright : %n alertes en cours, la plus grave %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) firing</source>
        <translation>
            <numerusform>%n alerte en cours</numerusform>
            <numerusform>%n alertes en cours</numerusform>
        </translation>
    </message>
    <message>
        <source>The first: %1</source>
        <translation>La première : %1</translation>
    </message>
    <message>
        <source>Alert (%1)</source>
        <translation>Alerte (%1)</translation>
    </message>
    <message>
        <source>Alert on %1 (%2)</source>
        <translation>Alerte sur %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>Keyright: %n alert(s) firing, all acknowledged</source>
        <translation>
            <numerusform>Keyright : %n alerte en cours, prise en compte</numerusform>
            <numerusform>Keyright : %n alertes en cours, toutes prises en compte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keyright: %n alert(s) firing not acknowledged, the worst %1</source>
        <translation>
            <numerusform>Keyright : %n alerte en cours non prise en compte, %1</numerusform>
            <numerusform>Keyright : %n alertes en cours non prises en compte, la plus grave %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::AlertsPage</name>
    <message>
        <source>The alert rules could not be read: %1</source>
        <translation>Les règles d’alerte n’ont pas pu être lues : %1</translation>
    </message>
    <message>
        <source>Read only: editing the rules needs the %1 role; this token (%2) has the %3 role.</source>
        <translation>Lecture seule : modifier les règles demande le rôle %1 ; ce jeton (%2) a le rôle %3.</translation>
    </message>
    <message>
        <source>No alert rule yet: add one to be told when seats run short.</source>
        <translation>Aucune règle d’alerte pour l’instant : ajoutez-en une pour être prévenu quand les sièges manquent.</translation>
    </message>
    <message>
        <source>Saved the alert rule %1.</source>
        <translation>Règle d’alerte %1 enregistrée.</translation>
    </message>
    <message>
        <source>Remove alert rule</source>
        <translation>Retirer la règle d’alerte</translation>
    </message>
    <message>
        <source>Remove the alert rule %1? Its alerts firing now end without a resolution.</source>
        <translation>Retirer la règle d’alerte %1 ? Ses alertes en cours prennent fin sans résolution.</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>an alert rule</comment>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Removed the alert rule %1.</source>
        <translation>Règle d’alerte %1 retirée.</translation>
    </message>
    <message>
        <source>Alert rules</source>
        <translation>Règles d’alerte</translation>
    </message>
    <message>
        <source>The alert rules were not saved: %1</source>
        <translation>Les règles d’alerte n’ont pas été enregistrées : %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 % of the seats for %n min</source>
        <translation>
            <numerusform>%1 % des sièges pendant %n min</numerusform>
            <numerusform>%1 % des sièges pendant %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 % of the seats</source>
        <translation>%1 % des sièges</translation>
    </message>
    <message numerus="yes">
        <source>a true denial (no seat within %n min)</source>
        <translation>
            <numerusform>un vrai refus (aucun siège en %n min)</numerusform>
            <numerusform>un vrai refus (aucun siège en %n min)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>more than %1 denials in %n min</source>
        <translation>
            <numerusform>plus de %1 refus en %n min</numerusform>
            <numerusform>plus de %1 refus en %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>more than %1 waiting</source>
        <translation>plus de %1 en attente</translation>
    </message>
    <message numerus="yes">
        <source>a wait over %n min</source>
        <translation>
            <numerusform>une attente de plus de %n min</numerusform>
            <numerusform>une attente de plus de %n min</numerusform>
        </translation>
    </message>
    <message>
        <source> or </source>
        <comment>joins two conditions of a rule</comment>
        <translation> ou </translation>
    </message>
    <message>
        <source>%1 days&apos; notice</source>
        <translation>préavis de %1 jours</translation>
    </message>
    <message numerus="yes">
        <source>silent for %n s</source>
        <translation>
            <numerusform>muette depuis %n s</numerusform>
            <numerusform>muette depuis %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>a jump, shown for %n min</source>
        <translation>
            <numerusform>un saut, affiché %n min</numerusform>
            <numerusform>un saut, affiché %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>every license</source>
        <translation>toutes les licences</translation>
    </message>
    <message>
        <source>license %1</source>
        <translation>licence %1</translation>
    </message>
    <message>
        <source>group %1</source>
        <translation>groupe %1</translation>
    </message>
    <message>
        <source>none</source>
        <comment>quiet hours</comment>
        <translation>aucune</translation>
    </message>
    <message>
        <source>%1 to %2 (%3)</source>
        <translation>de %1 à %2 (%3)</translation>
    </message>
    <message>
        <source>Reading the alerts…</source>
        <translation>Lecture des alertes…</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Non connecté.</translation>
    </message>
    <message>
        <source>No alert is firing.</source>
        <translation>Aucune alerte en cours.</translation>
    </message>
    <message>
        <source>Firing now (%1)</source>
        <translation>En cours (%1)</translation>
    </message>
    <message numerus="yes">
        <source>Resolved in the last %n day(s)</source>
        <translation>
            <numerusform>Résolues au cours du dernier jour</numerusform>
            <numerusform>Résolues ces %n derniers jours</numerusform>
        </translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Add rule…</source>
        <translation>Ajouter une règle…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Modifier…</translation>
    </message>
    <message>
        <source>Remove…</source>
        <comment>an alert rule</comment>
        <translation>Retirer…</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <source>Watches</source>
        <translation>Surveille</translation>
    </message>
    <message>
        <source>Applies to</source>
        <translation>S’applique à</translation>
    </message>
    <message>
        <source>Fires at</source>
        <translation>Se déclenche à</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Gravité</translation>
    </message>
    <message>
        <source>Quiet hours</source>
        <translation>Heures de silence</translation>
    </message>
    <message>
        <source>Endpoints</source>
        <translation>Points de livraison</translation>
    </message>
    <message>
        <source>Add endpoint…</source>
        <translation>Ajouter un point de livraison…</translation>
    </message>
    <message>
        <source>Remove…</source>
        <comment>an alert endpoint</comment>
        <translation>Retirer…</translation>
    </message>
    <message>
        <source>Send a test</source>
        <translation>Envoyer un test</translation>
    </message>
    <message>
        <source>Redeliver</source>
        <translation>Livrer à nouveau</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Actif</translation>
    </message>
    <message>
        <source>Last delivery</source>
        <translation>Dernière livraison</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>Alerte</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>HTTP code</source>
        <translation>Code HTTP</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Tentatives</translation>
    </message>
    <message>
        <source>Next attempt</source>
        <translation>Prochaine tentative</translation>
    </message>
    <message>
        <source>The alert endpoints could not be read: %1</source>
        <translation>Les points de livraison d’alertes n’ont pas pu être lus : %1</translation>
    </message>
    <message>
        <source>The delivery log could not be read: %1</source>
        <translation>Le journal des livraisons n’a pas pu être lu : %1</translation>
    </message>
    <message>
        <source>pending</source>
        <comment>a delivery</comment>
        <translation>en attente</translation>
    </message>
    <message>
        <source>delivered</source>
        <comment>a delivery</comment>
        <translation>livrée</translation>
    </message>
    <message>
        <source>gave up</source>
        <comment>a delivery</comment>
        <translation>abandonnée</translation>
    </message>
    <message>
        <source>none yet</source>
        <comment>a delivery</comment>
        <translation>aucune encore</translation>
    </message>
    <message>
        <source>%1 (HTTP %2), %3</source>
        <translation>%1 (HTTP %2), %3</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>yes</source>
        <comment>an endpoint is enabled</comment>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <comment>an endpoint is enabled</comment>
        <translation>non</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>pas de réponse</translation>
    </message>
    <message>
        <source>Deliveries to %1</source>
        <translation>Livraisons à %1</translation>
    </message>
    <message>
        <source>Deliveries</source>
        <translation>Livraisons</translation>
    </message>
    <message>
        <source>Read only: changing the endpoints needs the %1 role; this token (%2) has the %3 role.</source>
        <translation>Lecture seule : modifier les points de livraison demande le rôle %1 ; ce jeton (%2) a le rôle %3.</translation>
    </message>
    <message>
        <source>No endpoint yet: add one to have alerts sent to a webhook.</source>
        <translation>Aucun point de livraison : ajoutez-en un pour que les alertes soient envoyées à un webhook.</translation>
    </message>
    <message>
        <source>Added the alert endpoint %1.</source>
        <translation>Point de livraison d’alertes %1 ajouté.</translation>
    </message>
    <message>
        <source>Remove alert endpoint</source>
        <translation>Retirer le point de livraison d’alertes</translation>
    </message>
    <message>
        <source>Remove the alert endpoint %1? Alerts are no longer sent to it, and its pending deliveries are given up.</source>
        <translation>Retirer le point de livraison d’alertes %1 ? Les alertes n’y seront plus envoyées et ses livraisons en attente seront abandonnées.</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>an alert endpoint</comment>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>The alert endpoint %1 was not removed: %2</source>
        <translation>Le point de livraison d’alertes %1 n’a pas été retiré : %2</translation>
    </message>
    <message>
        <source>Removed the alert endpoint %1.</source>
        <translation>Point de livraison d’alertes %1 retiré.</translation>
    </message>
    <message>
        <source>The test was not sent to %1: %2</source>
        <translation>Le test n’a pas été envoyé à %1 : %2</translation>
    </message>
    <message>
        <source>A test alert is on its way to %1.</source>
        <translation>Une alerte de test part vers %1.</translation>
    </message>
    <message>
        <source>The delivery was not sent again: %1</source>
        <translation>La livraison n’a pas été relancée : %1</translation>
    </message>
    <message>
        <source>The delivery will be sent again now.</source>
        <translation>La livraison va être relancée maintenant.</translation>
    </message>
    <message>
        <source>No preview: not connected.</source>
        <translation>Pas d’aperçu : non connecté.</translation>
    </message>
    <message numerus="yes">
        <source>Would not have fired in the last %n day(s): there is no license yet.</source>
        <translation>
            <numerusform>N’aurait pas été déclenchée au cours du dernier jour : il n’y a pas encore de licence.</numerusform>
            <numerusform>N’aurait pas été déclenchée au cours des %n derniers jours : il n’y a pas encore de licence.</numerusform>
        </translation>
    </message>
    <message>
        <source>No preview: the usage of %1 could not be read: %2</source>
        <translation>Pas d’aperçu : l’utilisation de %1 n’a pas pu être lue : %2</translation>
    </message>
    <message numerus="yes">
        <source>Would not have fired in the last %n day(s).</source>
        <translation>
            <numerusform>N’aurait pas été déclenchée au cours du dernier jour.</numerusform>
            <numerusform>N’aurait pas été déclenchée au cours des %n derniers jours.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would have fired %n time(s) in the last %1 days:</source>
        <translation>
            <numerusform>Aurait été déclenchée %n fois au cours des %1 derniers jours :</numerusform>
            <numerusform>Aurait été déclenchée %n fois au cours des %1 derniers jours :</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2 (%3 % of the seats)</source>
        <translation>%1 sur %2 (%3 % des sièges)</translation>
    </message>
    <message>
        <source>%1 on %2 (%3 denials)</source>
        <translation>%1 sur %2 (%3 refus)</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>et %n autre</numerusform>
            <numerusform>et %n autres</numerusform>
        </translation>
    </message>
    <message>
        <source>test</source>
        <comment>a delivery</comment>
        <translation>test</translation>
    </message>
    <message>
        <source>Acknowledging an alert needs the %1 role; this token (%2) has the %3 role.</source>
        <translation>Prendre en compte une alerte demande le rôle %1 ; ce jeton (%2) a le rôle %3.</translation>
    </message>
    <message>
        <source>Already acknowledged by %1.</source>
        <translation>Déjà prise en compte par %1.</translation>
    </message>
    <message>
        <source>Say that someone is on the selected alert: it stays firing until its condition clears, but the tray stops counting it.</source>
        <translation>Indiquer que quelqu’un s’occupe de l’alerte sélectionnée : elle reste déclenchée jusqu’à ce que sa condition cesse, mais l’icône de notification ne la compte plus.</translation>
    </message>
    <message>
        <source>Acknowledge alert</source>
        <translation>Prendre en compte l’alerte</translation>
    </message>
    <message>
        <source>Acknowledge this alert? It stays firing until its condition clears; the others see who acknowledged it, when, and your note.

%1</source>
        <translation>Prendre en compte cette alerte ? Elle reste déclenchée jusqu’à ce que sa condition cesse ; les autres voient qui l’a prise en compte, quand, et votre note.

%1</translation>
    </message>
    <message>
        <source>Note (optional), such as a ticket number</source>
        <translation>Note (facultative), par exemple un numéro de ticket</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>Prendre en compte</translation>
    </message>
    <message>
        <source>The alert was not acknowledged: %1</source>
        <translation>L’alerte n’a pas été prise en compte : %1</translation>
    </message>
    <message>
        <source>Alert acknowledged by %1.</source>
        <translation>Alerte prise en compte par %1.</translation>
    </message>
    <message>
        <source>Acknowledge…</source>
        <translation>Prendre en compte…</translation>
    </message>
    <message>
        <source>firing, acknowledged</source>
        <translation>en cours, prise en compte</translation>
    </message>
</context>
<context>
    <name>keyright::ClientRow</name>
    <message>
        <source>on time</source>
        <translation>à l&apos;heure</translation>
    </message>
    <message>
        <source>%1 s fast</source>
        <translation>%1 s en avance</translation>
    </message>
    <message>
        <source>%1 s slow</source>
        <translation>%1 s en retard</translation>
    </message>
    <message>
        <source>This machine&apos;s clock offset from the server, in seconds. Drag it while the client runs to make its clock jump.</source>
        <translation>Le décalage de l&apos;horloge de cette machine par rapport au serveur, en secondes. Faites-le glisser pendant que le client tourne pour faire sauter son horloge.</translation>
    </message>
    <message>
        <source>Local clock</source>
        <translation>Horloge locale</translation>
    </message>
    <message>
        <source>Server clock</source>
        <translation>Horloge du serveur</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Crash</source>
        <translation>Planter</translation>
    </message>
    <message>
        <source>Stop without releasing the seat, as a crashed application would.</source>
        <translation>S&apos;arrêter sans libérer le siège, comme une application plantée.</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Libérer</translation>
    </message>
    <message>
        <source>Give the seat back, as a closing application does.</source>
        <translation>Rendre le siège, comme le fait une application qu&apos;on ferme.</translation>
    </message>
    <message>
        <source>Release the seat and take this client off the simulation.</source>
        <translation>Libérer le siège et retirer ce client de la simulation.</translation>
    </message>
    <message>
        <source>Monotonic (stopwatch)</source>
        <translation>Monotone (chronomètre)</translation>
    </message>
    <message>
        <source>Signed expiry (wall clock)</source>
        <translation>Expiration signée (horloge murale)</translation>
    </message>
    <message>
        <source>Cut %1 s</source>
        <translation>Couper %1 s</translation>
    </message>
    <message>
        <source>Every request of this client fails as if the cable were pulled, for %1 seconds of simulated time.</source>
        <translation>Toutes les requêtes de ce client échouent comme si le câble était débranché, pendant %1 secondes de temps simulé.</translation>
    </message>
    <message>
        <source>−%1 min</source>
        <translation>−%1 min</translation>
    </message>
    <message>
        <source>Set this machine&apos;s clock back by %1 minutes: the rollback trick.</source>
        <translation>Reculer l&apos;horloge de cette machine de %1 minutes : la ruse du recul d&apos;horloge.</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>pas démarré</translation>
    </message>
    <message>
        <source>checking out…</source>
        <translation>demande un siège…</translation>
    </message>
    <message>
        <source>live · acting</source>
        <translation>valide · en service</translation>
    </message>
    <message>
        <source>lapsed · re-acquiring</source>
        <translation>expiré · réacquisition</translation>
    </message>
    <message>
        <source>lapsed · degraded</source>
        <translation>expiré · dégradé</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>planté</translation>
    </message>
    <message>
        <source>released · stopped</source>
        <translation>libéré · arrêté</translation>
    </message>
    <message>
        <source>no seat</source>
        <translation>aucun siège</translation>
    </message>
    <message>
        <source>live · counted</source>
        <translation>valide · compté</translation>
    </message>
    <message>
        <source>expired · awaiting reap</source>
        <translation>expiré · en attente de nettoyage</translation>
    </message>
    <message>
        <source>row gone</source>
        <translation>ligne disparue</translation>
    </message>
    <message>
        <source>%1 (old)</source>
        <translation>%1 (ancienne)</translation>
    </message>
    <message>
        <source>Instance %1</source>
        <translation>Instance %1</translation>
    </message>
    <message>
        <source>Signed expiry</source>
        <comment>the expiry the lease carries</comment>
        <translation>Expiration signée</translation>
    </message>
    <message>
        <source>Server</source>
        <comment>the server&apos;s view of the seat</comment>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>a simulated client</comment>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>released</source>
        <comment>seat state on the server</comment>
        <translation>libéré</translation>
    </message>
    <message>
        <source>reaped</source>
        <comment>seat state on the server</comment>
        <translation>nettoyé</translation>
    </message>
    <message>
        <source>revoked</source>
        <comment>seat state on the server</comment>
        <translation>révoqué</translation>
    </message>
    <message>
        <source>reclaimed · given to a waiter</source>
        <comment>seat state on the server</comment>
        <translation>repris · donné à quelqu’un qui attend</translation>
    </message>
    <message>
        <source>warned · seat goes at %1</source>
        <extracomment>A simulated client the server warned: its idle seat goes to someone waiting at %1 (a time) unless used.</extracomment>
        <translation>averti · siège repris dès %1 sans usage</translation>
    </message>
    <message>
        <source>in line · place %1</source>
        <extracomment>A simulated client waiting in the license&apos;s line; %1 is its place (1: next to get a seat).</extracomment>
        <translation>en file · place %1</translation>
    </message>
    <message>
        <source>in line</source>
        <translation>en file</translation>
    </message>
    <message>
        <source>borrowed · held offline</source>
        <extracomment>A simulated laptop holding a borrowed seat, checked on the laptop with no server.</extracomment>
        <translation>emprunté · tenu hors ligne</translation>
    </message>
    <message>
        <source>borrowed · refused offline</source>
        <extracomment>A simulated laptop whose offline check refuses its borrowed lease now.</extracomment>
        <translation>emprunté · refusé hors ligne</translation>
    </message>
    <message>
        <source>returned · stopped</source>
        <translation>rendu · arrêté</translation>
    </message>
    <message>
        <source>borrow refused</source>
        <extracomment>A simulated laptop the server would not lend a seat to.</extracomment>
        <translation>emprunt refusé</translation>
    </message>
    <message>
        <source>borrowed · counted</source>
        <extracomment>A borrowed seat the server counts although no heartbeat comes.</extracomment>
        <translation>emprunté · compté</translation>
    </message>
    <message>
        <source>returned early</source>
        <comment>seat state on the server</comment>
        <extracomment>A borrowed seat given back before the end of the borrow, free again on the server.</extracomment>
        <translation>rendu en avance</translation>
    </message>
    <message>
        <source>Offline check (borrowed)</source>
        <extracomment>The rule a simulated laptop holding a borrowed seat goes by: the lease file checked with no server.</extracomment>
        <translation>Emprunt hors ligne</translation>
    </message>
    <message>
        <source>offline, back in %1</source>
        <extracomment>A simulated client&apos;s network is cut; %1 is how long until it comes back (e.g. &quot;25s&quot;).</extracomment>
        <translation>hors ligne, de retour dans %1</translation>
    </message>
</context>
<context>
    <name>keyright::ConnectionDialog</name>
    <message>
        <source>Token &amp;file:</source>
        <translation>&amp;Fichier du jeton :</translation>
    </message>
    <message>
        <source>&amp;Paste the token:</source>
        <translation>Co&amp;ller le jeton :</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>Se &amp;connecter</translation>
    </message>
    <message>
        <source>Connect to a lease server</source>
        <translation>Se connecter à un serveur de baux</translation>
    </message>
    <message>
        <source>https://licenses.example.com:7400</source>
        <translation>https://licences.exemple.fr:7400</translation>
    </message>
    <message>
        <source>the server&apos;s admin-token file</source>
        <translation>fichier admin-token du serveur</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>&amp;URL du serveur :</translation>
    </message>
    <message>
        <source>Use the &amp;embedded demo server</source>
        <translation>Utiliser le serveur de démonstration &amp;intégré</translation>
    </message>
    <message>
        <source>Admin token file</source>
        <translation>Fichier du jeton d&apos;administration</translation>
    </message>
    <message>
        <source>stored privately; type a new one to replace it</source>
        <translation>conservé en privé ; saisissez-en un nouveau pour le remplacer</translation>
    </message>
    <message>
        <source>The token is kept in a private file and is not shown.</source>
        <translation>Le jeton est conservé dans un fichier privé et n&apos;est pas affiché.</translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation>Donnez un nom au profil.</translation>
    </message>
    <message>
        <source>Paste the admin token, or choose the token file.</source>
        <translation>Collez le jeton d&apos;administration ou choisissez le fichier du jeton.</translation>
    </message>
    <message>
        <source>Could not store the token: %1</source>
        <translation>Impossible d&apos;enregistrer le jeton : %1</translation>
    </message>
    <message>
        <source>Choose the admin token file, or paste the token.</source>
        <translation>Choisissez le fichier du jeton d&apos;administration ou collez le jeton.</translation>
    </message>
    <message>
        <source>One server, or every instance of one site separated by commas: the dashboard uses whichever answers.</source>
        <translation>Un serveur, ou toutes les instances d&apos;un même site séparées par des virgules : le tableau de bord utilise celle qui répond.</translation>
    </message>
    <message>
        <source>%1 instances of one site; the dashboard uses whichever answers.</source>
        <translation>%1 instances d&apos;un même site ; le tableau de bord utilise celle qui répond.</translation>
    </message>
    <message>
        <source>optional: a CA certificate (PEM)</source>
        <translation>facultatif : certificat CA (PEM)</translation>
    </message>
    <message>
        <source>For https:// servers whose certificate a private authority signed, or a self-signed one: the authority&apos;s certificate (or the server&apos;s own) as a PEM file.</source>
        <translation>Pour les serveurs https:// dont le certificat est signé par une autorité privée, ou auto-signé : le certificat de l&apos;autorité (ou celui du serveur lui-même), en fichier PEM.</translation>
    </message>
    <message>
        <source>Forget the certificates confirmed for this profile: the next connection shows their fingerprints and asks again.</source>
        <translation>Oublier les certificats confirmés pour ce profil : la prochaine connexion affiche leurs empreintes et redemande.</translation>
    </message>
    <message>
        <source>C&amp;A file:</source>
        <translation>Fichier d&apos;&amp;autorités :</translation>
    </message>
    <message>
        <source>Trusted certificates:</source>
        <translation>Certificats de confiance :</translation>
    </message>
    <message>
        <source>Certificate authority file</source>
        <translation>Fichier d&apos;autorités de certification</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>Certificats (*.pem *.crt *.cer);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>None. A certificate that no authority vouches for is shown with its fingerprint when first met, and trusted only if you confirm it.</source>
        <translation>Aucun. Un certificat qu&apos;aucune autorité ne garantit est affiché avec son empreinte à la première rencontre, et n&apos;est accepté que si vous le confirmez.</translation>
    </message>
    <message>
        <source>The CA file cannot be used: %1</source>
        <translation>Le fichier d&apos;autorités est inutilisable : %1</translation>
    </message>
    <message>
        <source>F&amp;orget</source>
        <translation>&amp;Oublier</translation>
    </message>
    <message>
        <source>Ne&amp;w</source>
        <translation>Nou&amp;veau</translation>
    </message>
    <message>
        <source>Delete connection profile</source>
        <translation>Supprimer le profil de connexion</translation>
    </message>
    <message>
        <source>Delete the connection profile &quot;%1&quot;?</source>
        <translation>Supprimer le profil de connexion « %1 » ?</translation>
    </message>
    <message>
        <source>Its address, CA file and trusted certificates are forgotten, and so is the token stored for it. A token file of your own is left where it is.</source>
        <translation>Son adresse, son fichier d&apos;autorités et ses certificats de confiance sont oubliés, de même que le jeton conservé pour lui. Un fichier de jeton à vous reste où il est.</translation>
    </message>
    <message>
        <source>%1: SHA-256
%2</source>
        <translation>%1 : SHA-256
%2</translation>
    </message>
    <message>
        <source>krt- and 64 hex digits, or 64 hex digits</source>
        <translation>krt- et 64 chiffres hexa, ou 64 chiffres hexa</translation>
    </message>
    <message>
        <source>A named access token: krt- followed by 64 hex digits, shown once when it was created. Or the server&apos;s bootstrap admin token: the 64 hex digits of its admin-token file.</source>
        <translation>Un jeton d&apos;accès nommé : krt- suivi de 64 chiffres hexadécimaux, affiché une seule fois à sa création. Ou le jeton d&apos;administration initial du serveur : les 64 chiffres hexadécimaux de son fichier admin-token.</translation>
    </message>
    <message>
        <source>The path %1 goes before every request: leave it out unless a proxy serves the server there.</source>
        <translation>Le chemin %1 précède chaque requête : retirez-le, sauf si un proxy sert le serveur à cet endroit.</translation>
    </message>
</context>
<context>
    <name>keyright::DashboardSession</name>
    <message>
        <source>Server unreachable: %1</source>
        <translation>Serveur injoignable : %1</translation>
    </message>
    <message>
        <source>TLS error: %1</source>
        <translation>Erreur TLS : %1</translation>
    </message>
    <message>
        <source>Unauthorized: the server refused the admin token. Check the connection profile.</source>
        <translation>Accès refusé : le serveur a rejeté le jeton d&apos;administration. Vérifiez le profil de connexion.</translation>
    </message>
    <message>
        <source>The server failed (HTTP %1): %2</source>
        <translation>Le serveur a échoué (HTTP %1) : %2</translation>
    </message>
    <message>
        <source>Unexpected answer from the server: %1</source>
        <translation>Réponse inattendue du serveur : %1</translation>
    </message>
    <message>
        <source>Request failed (HTTP %1)</source>
        <translation>La requête a échoué (HTTP %1)</translation>
    </message>
    <message>
        <source>Not allowed: this needs the %1 role, and this token has the %2 role.</source>
        <translation>Non autorisé : il faut le rôle %1, et ce jeton a le rôle %2.</translation>
    </message>
    <message>
        <source>Token revoked: the server no longer accepts the token &quot;%1&quot;. Ask an admin for a new one and connect with it.</source>
        <translation>Jeton révoqué : le serveur n&apos;accepte plus le jeton « %1 ». Demandez-en un nouveau à un administrateur et connectez-vous avec.</translation>
    </message>
    <message>
        <source>No answer after the command was sent (%1): it may have happened; refreshed.</source>
        <translation>Pas de réponse après l&apos;envoi de la commande (%1) : elle a peut-être eu lieu ; actualisé.</translation>
    </message>
    <message>
        <source>Wrong server: %1</source>
        <translation>Mauvais serveur : %1</translation>
    </message>
    <message>
        <source>A group that some license&apos;s seat rules name cannot be removed: take it out of those rules first.</source>
        <translation>Un groupe que nomment les règles de sièges d&apos;une licence ne peut pas être supprimé : retirez-le d&apos;abord de ces règles.</translation>
    </message>
    <message numerus="yes">
        <source>The group %1 is still named by the seat rules of %n license(s) (%2): take it out of those rules first.</source>
        <translation>
            <numerusform>Le groupe %1 est encore nommé par les règles de sièges de %n licence (%2) : retirez-le d&apos;abord de ces règles.</numerusform>
            <numerusform>Le groupe %1 est encore nommé par les règles de sièges de %n licences (%2) : retirez-le d&apos;abord de ces règles.</numerusform>
        </translation>
    </message>
    <message>
        <source>The license does not exist (any more) on this server.</source>
        <translation>Cette licence n&apos;existe pas (ou plus) sur ce serveur.</translation>
    </message>
    <message>
        <source>The seat is no longer held: it was released, reaped or revoked already.</source>
        <translation>Ce siège n&apos;est plus détenu : il a déjà été libéré, récupéré ou révoqué.</translation>
    </message>
    <message>
        <source>There is no access token of that name on this server.</source>
        <translation>Aucun jeton d&apos;accès ne porte ce nom sur ce serveur.</translation>
    </message>
    <message>
        <source>An access token of that name exists already: choose another name.</source>
        <translation>Un jeton d&apos;accès porte déjà ce nom : choisissez-en un autre.</translation>
    </message>
    <message>
        <source>The bootstrap token is the server&apos;s admin-token file: it cannot be revoked here.</source>
        <translation>Le jeton d&apos;administration initial est le fichier admin-token du serveur : il ne peut pas être révoqué ici.</translation>
    </message>
    <message numerus="yes">
        <source>Too many refused tokens from this address: the server answers again in %n second(s).</source>
        <translation>
            <numerusform>Trop de jetons refusés depuis cette adresse : le serveur répondra de nouveau dans %n seconde.</numerusform>
            <numerusform>Trop de jetons refusés depuis cette adresse : le serveur répondra de nouveau dans %n secondes.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server is busy (too many connections): try again in a moment.</source>
        <translation>Le serveur est occupé (trop de connexions) : réessayez dans un instant.</translation>
    </message>
    <message>
        <source>The server cannot reach its database: retry when it is back.</source>
        <translation>Le serveur n&apos;atteint pas sa base de données : réessayez quand elle sera revenue.</translation>
    </message>
    <message>
        <source>The server failed on an internal error: its log says more.</source>
        <translation>Le serveur a échoué sur une erreur interne : son journal en dit plus.</translation>
    </message>
    <message>
        <source>The request is larger than the server accepts.</source>
        <translation>La requête dépasse la taille que le serveur accepte.</translation>
    </message>
    <message>
        <source>The request did not reach the server in time.</source>
        <translation>La requête n&apos;est pas arrivée à temps au serveur.</translation>
    </message>
    <message>
        <source>The server refused the request as invalid.</source>
        <translation>Le serveur a refusé la requête comme invalide.</translation>
    </message>
    <message>
        <source>The server refused the value of %1.</source>
        <translation>Le serveur a refusé la valeur de %1.</translation>
    </message>
    <message>
        <source>The seat is no longer live (expired, revoked, reaped or released).</source>
        <translation>Ce siège n&apos;est plus actif (expiré, révoqué, récupéré ou libéré).</translation>
    </message>
    <message>
        <source>An admin blocked this holder.</source>
        <translation>Un administrateur a bloqué ce détenteur.</translation>
    </message>
    <message>
        <source>This server does not offer that request (an older or newer version?).</source>
        <translation>Ce serveur ne propose pas cette requête (version plus ancienne ou plus récente ?).</translation>
    </message>
    <message>
        <source>%1 (The server said: %2)</source>
        <extracomment>A translated error sentence, then what the server answered, in its own (English) words.</extracomment>
        <translation>%1 (Le serveur a répondu : %2)</translation>
    </message>
    <message>
        <source>%1 is not an instance of the connected site.</source>
        <translation>%1 n&apos;est pas une instance du site connecté.</translation>
    </message>
</context>
<context>
    <name>keyright::DisputePanel</name>
    <message numerus="yes">
        <source>%1 (%n seat(s))</source>
        <translation>
            <numerusform>%1 (%n siège)</numerusform>
            <numerusform>%1 (%n sièges)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 held %2 seats at once: one per running instance, or seats left by sessions that did not end.</source>
        <translation>%1 détenait %2 sièges à la fois : un par instance lancée, ou des sièges laissés par des sessions mal terminées.</translation>
    </message>
    <message>
        <source>not counted: lapsed without a release</source>
        <translation>non compté : expiré sans libération</translation>
    </message>
    <message>
        <source>counted within the skew tolerance</source>
        <translation>compté grâce à la tolérance de décalage</translation>
    </message>
    <message>
        <source>granted before the loaded events</source>
        <translation>accordé avant les événements chargés</translation>
    </message>
    <message>
        <source>counted</source>
        <translation>compté</translation>
    </message>
    <message>
        <source>Seats as listed by the server at the denial, checked against the replayed grants and releases.</source>
        <translation>Sièges tels que le serveur les a listés au moment du refus, recoupés avec les attributions et libérations rejouées.</translation>
    </message>
    <message>
        <source>Rebuilt from the grants, releases, revocations and reaps before the denial.</source>
        <translation>Reconstitué à partir des attributions, libérations, révocations et nettoyages antérieurs au refus.</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) granted earlier were never released: their applications stopped without releasing; they no longer counted.</source>
        <translation>
            <numerusform>%n siège attribué plus tôt n&apos;a jamais été libéré : son application s&apos;est arrêtée sans le rendre ; il n&apos;était plus compté.</numerusform>
            <numerusform>%n sièges attribués plus tôt n&apos;ont jamais été libérés : leurs applications se sont arrêtées sans les rendre ; ils n&apos;étaient plus comptés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Who held the seats</source>
        <translation>Qui détenait les sièges</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Détenteur</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Siège</translation>
    </message>
    <message>
        <source>Gen.</source>
        <translation>Gén.</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Depuis</translation>
    </message>
    <message>
        <source>Expiry</source>
        <translation>Expiration</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Remarque</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>dans %1</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>il y a %1</translation>
    </message>
    <message numerus="yes">
        <source>%n holder(s) were waiting in line: %1.</source>
        <translation>
            <numerusform>%n détenteur attendait dans la file : %1.</numerusform>
            <numerusform>%n détenteurs attendaient dans la file : %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>counted against the reservation of %1</source>
        <translation>compté sur la réservation de %1</translation>
    </message>
    <message numerus="yes">
        <source>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt; while none of its %n seat(s) was held.</source>
        <translation>
            <numerusform>Le &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; s’est vu refuser un siège de &lt;b&gt;%3&lt;/b&gt; alors que personne ne détenait son unique siège.</numerusform>
            <numerusform>Le &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; s’est vu refuser un siège de &lt;b&gt;%3&lt;/b&gt; alors qu’aucun de ses %n sièges n’était pris.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %n&lt;/b&gt; seat(s) were held.</source>
        <translation>
            <numerusform>Le &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; s’est vu refuser un siège de &lt;b&gt;%3&lt;/b&gt; : sièges pris : &lt;b&gt;%4 sur %n&lt;/b&gt;.</numerusform>
            <numerusform>Le &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; s’est vu refuser un siège de &lt;b&gt;%3&lt;/b&gt; : sièges pris : &lt;b&gt;%4 sur %n&lt;/b&gt;.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; was refused a seat of &lt;b&gt;%3&lt;/b&gt;: &lt;b&gt;%4 of %n&lt;/b&gt; seat(s) were held, by %5.</source>
        <translation>
            <numerusform>Le &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; s’est vu refuser un siège de &lt;b&gt;%3&lt;/b&gt; : sièges pris : &lt;b&gt;%4 sur %n&lt;/b&gt;, par %5.</numerusform>
            <numerusform>Le &lt;b&gt;%1&lt;/b&gt;, &lt;b&gt;%2&lt;/b&gt; s’est vu refuser un siège de &lt;b&gt;%3&lt;/b&gt; : sièges pris : &lt;b&gt;%4 sur %n&lt;/b&gt;, par %5.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n holder(s): %1</source>
        <translation>
            <numerusform>%n détenteur : %1</numerusform>
            <numerusform>%n détenteurs : %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Renewals leave no event: the expiry this seat had then is not known.</source>
        <translation>Les renouvellements ne laissent pas d&apos;événement : l&apos;expiration de ce siège à ce moment-là n&apos;est pas connue.</translation>
    </message>
    <message>
        <source>counted: held since its grant, expiry then not known</source>
        <translation>compté : détenu depuis son attribution, expiration à ce moment-là inconnue</translation>
    </message>
    <message>
        <source>Select a &lt;b&gt;denied&lt;/b&gt; event to see who held every seat at that moment, or any other event to read it whole.</source>
        <translation>Sélectionnez un événement &lt;b&gt;refusé&lt;/b&gt; pour voir qui détenait chaque siège à ce moment-là, ou un autre événement pour le lire en entier.</translation>
    </message>
    <message>
        <source>borrowed by %1 until %2, written off: counted until then</source>
        <translation>emprunté par %1 jusqu&apos;à %2, déclaré perdu : compté jusque-là</translation>
    </message>
    <message>
        <source>borrowed by %1 until %2: counted until returned or expired</source>
        <translation>emprunté par %1 jusqu&apos;à %2 : compté jusqu&apos;à son retour ou son expiration</translation>
    </message>
</context>
<context>
    <name>keyright::Durations</name>
    <message>
        <source>%1s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation>%1 j %2 h</translation>
    </message>
</context>
<context>
    <name>keyright::EmbeddedDemo</name>
    <message>
        <source>The embedded demo server is not running.</source>
        <translation>Le serveur de démonstration intégré ne tourne pas.</translation>
    </message>
</context>
<context>
    <name>keyright::EmbeddedDemoWorker</name>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>Impossible de créer le dossier %1</translation>
    </message>
    <message>
        <source>The embedded demo server is not running.</source>
        <translation>Le serveur de démonstration intégré ne tourne pas.</translation>
    </message>
    <message>
        <source>There is no instance %1.</source>
        <translation>Il n&apos;y a pas d&apos;instance %1.</translation>
    </message>
    <message>
        <source>Instance %1 did not start: %2</source>
        <translation>L&apos;instance %1 n&apos;a pas démarré : %2</translation>
    </message>
    <message>
        <source>the demo started again</source>
        <translation>la démo a redémarré</translation>
    </message>
</context>
<context>
    <name>keyright::ErrorBanner</name>
    <message>
        <source>Retry now</source>
        <translation>Réessayer</translation>
    </message>
</context>
<context>
    <name>keyright::EventFilterProxyModel</name>
    <message numerus="yes">
        <source>%n attempts, %1 to %2</source>
        <translation>
            <numerusform>%n tentative, de %1 à %2</numerusform>
            <numerusform>%n tentatives, de %1 à %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
</context>
<context>
    <name>keyright::EventLogModel</name>
    <message>
        <source>A simulator sandbox: its events are the simulator&apos;s scenarios, played for training, not anyone&apos;s use of a license.</source>
        <translation>Bac à sable du simulateur : ses événements sont les scénarios du simulateur, joués pour la formation, et non l&apos;usage d&apos;une licence par quiconque.</translation>
    </message>
    <message>
        <source>granted</source>
        <translation>accordé</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>refusé</translation>
    </message>
    <message>
        <source>renewal refused</source>
        <translation>renouvellement refusé</translation>
    </message>
    <message>
        <source>license created</source>
        <translation>licence créée</translation>
    </message>
    <message>
        <source>license updated</source>
        <translation>licence modifiée</translation>
    </message>
    <message>
        <source>key rotated</source>
        <translation>clé renouvelée</translation>
    </message>
    <message>
        <source>holder blocked</source>
        <translation>détenteur bloqué</translation>
    </message>
    <message>
        <source>blocked until %1</source>
        <translation>bloqué jusqu&apos;à %1</translation>
    </message>
    <message>
        <source>expired at %1</source>
        <translation>expiré à %1</translation>
    </message>
    <message>
        <source>Select a denial to see who held every seat at that moment</source>
        <translation>Sélectionnez un refus pour voir qui détenait chaque siège à cet instant</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Détenteur</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Siège</translation>
    </message>
    <message>
        <source>By</source>
        <translation>Par</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <source>token created</source>
        <translation>jeton créé</translation>
    </message>
    <message>
        <source>token revoked</source>
        <translation>jeton révoqué</translation>
    </message>
    <message>
        <source>clock jumped</source>
        <translation>saut d&apos;horloge</translation>
    </message>
    <message>
        <source>the server&apos;s monotonic clock jumped forward by %1</source>
        <translation>l&apos;horloge monotone du serveur a fait un bond en avant de %1</translation>
    </message>
    <message>
        <source>the server&apos;s monotonic clock jumped back by %1</source>
        <translation>l&apos;horloge monotone du serveur a fait un bond en arrière de %1</translation>
    </message>
    <message>
        <source>the server&apos;s clock jumped forward by %1</source>
        <translation>l&apos;horloge du serveur a fait un bond en avant de %1</translation>
    </message>
    <message>
        <source>the server&apos;s clock jumped back by %1</source>
        <translation>l&apos;horloge du serveur a fait un bond en arrière de %1</translation>
    </message>
    <message>
        <source>rules changed</source>
        <translation>règles modifiées</translation>
    </message>
    <message>
        <source>groups changed</source>
        <translation>groupes modifiés</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>en file d&apos;attente</translation>
    </message>
    <message>
        <source>left the queue</source>
        <translation>a quitté la file</translation>
    </message>
    <message>
        <source>no seat rules: every seat shared</source>
        <translation>aucune règle de sièges : tous les sièges sont partagés</translation>
    </message>
    <message>
        <source>allow %1</source>
        <translation>autoriser %1</translation>
    </message>
    <message>
        <source>deny %1</source>
        <translation>exclure %1</translation>
    </message>
    <message>
        <source>reserve %1 for %2</source>
        <translation>réserver %1 pour %2</translation>
    </message>
    <message>
        <source>max %1 for %2</source>
        <translation>max %1 pour %2</translation>
    </message>
    <message>
        <source>matches the deny entry %1</source>
        <translation>correspond à l&apos;entrée d&apos;exclusion %1</translation>
    </message>
    <message>
        <source>not on the allow list</source>
        <translation>absent de la liste d&apos;autorisation</translation>
    </message>
    <message>
        <source>no holder groups</source>
        <translation>aucun groupe de détenteurs</translation>
    </message>
    <message>
        <source>groups now: %1</source>
        <translation>groupes désormais : %1</translation>
    </message>
    <message>
        <source>position %1 in line, ticket %2</source>
        <translation>position %1 dans la file, ticket %2</translation>
    </message>
    <message>
        <source>gave up after waiting %1</source>
        <translation>abandon après %1 d&apos;attente</translation>
    </message>
    <message>
        <source>ticket expired after waiting %1: the waiter stopped renewing it</source>
        <translation>ticket expiré après %1 d&apos;attente : le demandeur a cessé de le renouveler</translation>
    </message>
    <message>
        <source>waited the longest time it asked for (%1)</source>
        <translation>a attendu la durée maximale demandée (%1)</translation>
    </message>
    <message>
        <source>removed from the line by an admin after waiting %1</source>
        <translation>retiré de la file par un administrateur après %1 d&apos;attente</translation>
    </message>
    <message>
        <source>left the line after waiting %1</source>
        <translation>a quitté la file après %1 d&apos;attente</translation>
    </message>
    <message>
        <source>released</source>
        <comment>event kind</comment>
        <translation>libéré</translation>
    </message>
    <message>
        <source>revoked</source>
        <comment>event kind</comment>
        <translation>révoqué</translation>
    </message>
    <message>
        <source>reaped</source>
        <comment>event kind</comment>
        <translation>nettoyé</translation>
    </message>
    <message>
        <source>a clock jumped</source>
        <translation>une horloge a fait un bond</translation>
    </message>
    <message>
        <source>the database&apos;s clock jumped forward by %1</source>
        <translation>l&apos;horloge de la base de données a fait un bond en avant de %1</translation>
    </message>
    <message>
        <source>the database&apos;s clock jumped back by %1</source>
        <translation>l&apos;horloge de la base de données a fait un bond en arrière de %1</translation>
    </message>
    <message>
        <source>, a seat reserved for %1</source>
        <translation>, un siège réservé à %1</translation>
    </message>
    <message>
        <source>server</source>
        <comment>the actor of an event the server caused</comment>
        <translation>serveur</translation>
    </message>
    <message>
        <source>client %1</source>
        <comment>the actor of an event a lease client caused: its address</comment>
        <translation>client %1</translation>
    </message>
    <message numerus="yes">
        <source>from the line after waiting %1, generation %2, %3 of %n seat(s) in use</source>
        <translation>
            <numerusform>depuis la file après %1 d&apos;attente, génération %2, %3 siège utilisé sur %n</numerusform>
            <numerusform>depuis la file après %1 d&apos;attente, génération %2, sièges utilisés : %3 sur %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>generation %1, %2 of %n seat(s) in use</source>
        <translation>
            <numerusform>génération %1, %2 siège utilisé sur %n</numerusform>
            <numerusform>génération %1, sièges utilisés : %2 sur %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 holds its cap of %n seat(s)</source>
        <translation>
            <numerusform>%1 détient son plafond de %n siège</numerusform>
            <numerusform>%1 détient son plafond de %n sièges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n seat(s) in use, %2 reserved for others (idle)</source>
        <translation>
            <numerusform>%1 siège utilisé sur %n ; réservés à d&apos;autres (inoccupés) : %2</numerusform>
            <numerusform>sièges utilisés : %1 sur %n ; réservés à d&apos;autres (inoccupés) : %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s), TTL %1 s, skew %2 s, grace %3 s</source>
        <translation>
            <numerusform>%n siège, durée %1 s, décalage %2 s, délai de grâce %3 s</numerusform>
            <numerusform>%n sièges, durée %1 s, décalage %2 s, délai de grâce %3 s</numerusform>
        </translation>
    </message>
    <message>
        <source>reaper</source>
        <comment>the actor of the seats the server&apos;s periodic reaper deleted</comment>
        <translation>nettoyage automatique</translation>
    </message>
    <message>
        <source>the lease had expired</source>
        <translation>le bail avait expiré</translation>
    </message>
    <message>
        <source>no such seat: %1 at %2</source>
        <translation>siège inconnu : %1 à %2</translation>
    </message>
    <message>
        <source>no such seat</source>
        <translation>siège inconnu</translation>
    </message>
    <message numerus="yes">
        <source>all %n seat(s) taken (%1 in use, %2)</source>
        <translation>
            <numerusform>le seul siège est pris (%1 utilisé, %2)</numerusform>
            <numerusform>les %n sièges sont pris (%1 utilisés, %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n holder(s) listed</source>
        <translation>
            <numerusform>%n détenteur listé</numerusform>
            <numerusform>%n détenteurs listés</numerusform>
        </translation>
    </message>
    <message>
        <source>every seat shared</source>
        <translation>tous les sièges partagés</translation>
    </message>
    <message numerus="yes">
        <source>seats idle for more than %n minute(s) go to someone waiting</source>
        <translation>
            <numerusform>les sièges inactifs depuis plus de %n minute vont à quelqu&apos;un qui attend</numerusform>
            <numerusform>les sièges inactifs depuis plus de %n minutes vont à quelqu&apos;un qui attend</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>seats of %1 idle for more than %n minute(s) go to someone waiting</source>
        <translation>
            <numerusform>les sièges de %1 inactifs depuis plus de %n minute vont à quelqu&apos;un qui attend</numerusform>
            <numerusform>les sièges de %1 inactifs depuis plus de %n minutes vont à quelqu&apos;un qui attend</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, after a %n-minute warning</source>
        <comment>%1: the rule&apos;s first half (seats idle for more than...)</comment>
        <translation>
            <numerusform>%1, après un avertissement de %n minute</numerusform>
            <numerusform>%1, après un avertissement de %n minutes</numerusform>
        </translation>
    </message>
    <message>
        <source>idle seat warned</source>
        <translation>siège inactif averti</translation>
    </message>
    <message>
        <source>idle warning lifted</source>
        <translation>avertissement d’inactivité levé</translation>
    </message>
    <message>
        <source>idle seat reclaimed</source>
        <translation>siège inactif repris</translation>
    </message>
    <message>
        <source>the holder used the application again</source>
        <translation>le détenteur a de nouveau utilisé l’application</translation>
    </message>
    <message>
        <source>nobody waiting needs the seat any more</source>
        <translation>plus personne en attente n’a besoin du siège</translation>
    </message>
    <message>
        <source>the license no longer reclaims idle seats</source>
        <translation>la licence ne reprend plus les sièges inactifs</translation>
    </message>
    <message>
        <source>given to %1 after %2 idle</source>
        <translation>donné à %1 après %2 d’inactivité</translation>
    </message>
    <message>
        <source>idle reclaim rule</source>
        <comment>the actor of an idle reclaim event: the license&apos;s rule, applied by the server</comment>
        <translation>règle des sièges inactifs</translation>
    </message>
    <message>
        <source>idle %1; marked for %2, the seat goes at %3 unless used</source>
        <translation>inactif depuis %1 ; marqué pour %2, le siège part à %3 sauf utilisation</translation>
    </message>
    <message>
        <source>alert fired</source>
        <translation>alerte déclenchée</translation>
    </message>
    <message>
        <source>alert resolved</source>
        <translation>alerte résolue</translation>
    </message>
    <message>
        <source>alerts</source>
        <comment>the actor of the events the server&apos;s evaluation of alert rules writes</comment>
        <translation>alertes</translation>
    </message>
    <message>
        <source>database failover</source>
        <translation>bascule de la base de données</translation>
    </message>
    <message>
        <source>the database moved from %1 to %2; requests waited %3</source>
        <translation>la base de données est passée de %1 à %2 ; les requêtes ont attendu %3</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <comment>a short database interruption</comment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <comment>a database interruption</comment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>instance %1: the database moved from %2 to %3; requests waited %4</source>
        <translation>instance %1 : la base de données est passée de %2 à %3 ; les requêtes ont attendu %4</translation>
    </message>
    <message>
        <source>seat borrowed</source>
        <translation>siège emprunté</translation>
    </message>
    <message>
        <source>borrow returned</source>
        <translation>emprunt rendu</translation>
    </message>
    <message numerus="yes">
        <source>borrowed for %n day(s), until %1</source>
        <translation>
            <numerusform>emprunté pour %n jour, jusqu’au %1</numerusform>
            <numerusform>emprunté pour %n jours, jusqu’au %1</numerusform>
        </translation>
    </message>
    <message>
        <source>returned before %1</source>
        <translation>rendu avant le %1</translation>
    </message>
    <message>
        <source>alert acknowledged</source>
        <translation>alerte prise en compte</translation>
    </message>
    <message>
        <source>rule %1: alert %2 acknowledged</source>
        <translation>règle %1 : alerte %2 prise en compte</translation>
    </message>
    <message>
        <source>rule %1: alert %2 acknowledged: %3</source>
        <translation>règle %1 : alerte %2 prise en compte : %3</translation>
    </message>
    <message>
        <source>borrow written off</source>
        <translation>emprunt déclaré perdu</translation>
    </message>
    <message>
        <source>borrow refused</source>
        <translation>emprunt refusé</translation>
    </message>
    <message>
        <source>, valid from %1</source>
        <translation>, valide à partir du %1</translation>
    </message>
    <message>
        <source>, valid until %1</source>
        <translation>, valide jusqu&apos;au %1</translation>
    </message>
    <message>
        <source>, maintenance until %1</source>
        <translation>, maintenance jusqu&apos;au %1</translation>
    </message>
    <message>
        <source>, no borrowing</source>
        <translation>, pas d&apos;emprunt</translation>
    </message>
    <message numerus="yes">
        <source>, borrowing of up to %n seat(s) at once</source>
        <translation>
            <numerusform>, emprunt de %n siège au plus à la fois</numerusform>
            <numerusform>, emprunt de %n sièges au plus à la fois</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> for %n day(s) at most</source>
        <translation>
            <numerusform> pour %n jour au plus</numerusform>
            <numerusform> pour %n jours au plus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n kept on site</source>
        <translation>
            <numerusform>, %n gardé sur site</numerusform>
            <numerusform>, %n gardés sur site</numerusform>
        </translation>
    </message>
    <message>
        <source>, by members of %1</source>
        <translation>, par les membres de %1</translation>
    </message>
    <message>
        <source>written off: the seat stays counted until %1</source>
        <translation>déclaré perdu : le siège reste compté jusqu&apos;au %1</translation>
    </message>
    <message>
        <source>written off: the seat stays counted until %1. Note: %2</source>
        <translation>déclaré perdu : le siège reste compté jusqu&apos;au %1. Note : %2</translation>
    </message>
</context>
<context>
    <name>keyright::EventsPage</name>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n événement</numerusform>
            <numerusform>%n événements</numerusform>
        </translation>
    </message>
    <message>
        <source>Export events</source>
        <translation>Exporter les événements</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Impossible d&apos;écrire %1 : %2</translation>
    </message>
    <message>
        <source>License:</source>
        <translation>Licence :</translation>
    </message>
    <message>
        <source>Holder:</source>
        <translation>Détenteur :</translation>
    </message>
    <message>
        <source>Event:</source>
        <translation>Événement :</translation>
    </message>
    <message>
        <source>any holder</source>
        <translation>n&apos;importe quel détenteur</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>to</source>
        <translation>au</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <source>Save the events the filters show as a CSV file</source>
        <translation>Enregistrer les événements affichés par les filtres dans un fichier CSV</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>Tous les événements</translation>
    </message>
    <message>
        <source>Denials</source>
        <translation>Refus</translation>
    </message>
    <message>
        <source>Grants</source>
        <translation>Attributions</translation>
    </message>
    <message>
        <source>Releases</source>
        <translation>Libérations</translation>
    </message>
    <message>
        <source>Revocations and blocks</source>
        <translation>Révocations et blocages</translation>
    </message>
    <message>
        <source>Reaps and refused renewals</source>
        <translation>Nettoyages et renouvellements refusés</translation>
    </message>
    <message>
        <source>Seats changing hands</source>
        <translation>Sièges qui changent de mains</translation>
    </message>
    <message>
        <source>License changes</source>
        <translation>Modifications de licence</translation>
    </message>
    <message>
        <source>All licenses</source>
        <translation>Toutes les licences</translation>
    </message>
    <message>
        <source>Loading the events…</source>
        <translation>Chargement des événements…</translation>
    </message>
    <message>
        <source>Exported %1 to %2.</source>
        <translation>Export de %1 dans %2.</translation>
    </message>
    <message>
        <source>No events on this server since %1.</source>
        <translation>Aucun événement sur ce serveur depuis le %1.</translation>
    </message>
    <message>
        <source>pick &quot;All licenses&quot;</source>
        <translation>choisissez « Toutes les licences »</translation>
    </message>
    <message>
        <source>clear the holder</source>
        <translation>videz le détenteur</translation>
    </message>
    <message>
        <source>pick &quot;All events&quot;</source>
        <translation>choisissez « Tous les événements »</translation>
    </message>
    <message>
        <source>widen the time range</source>
        <translation>élargissez la période</translation>
    </message>
    <message>
        <source>No event matches these filters.</source>
        <translation>Aucun événement ne correspond à ces filtres.</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 ou %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>No event matches these filters. To see more: %1.</source>
        <translation>Aucun événement ne correspond à ces filtres. Pour en voir plus : %1.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a column of the selected event and its value</comment>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>%1 (written off, counted until %2)</source>
        <translation>%1 (déclaré perdu, compté jusqu&apos;au %2)</translation>
    </message>
    <message>
        <source>%1 (until %2)</source>
        <translation>%1 (jusqu&apos;au %2)</translation>
    </message>
    <message>
        <source>Borrowed then: none in the events this dashboard has loaded.</source>
        <translation>Empruntés à ce moment : aucun dans les événements que ce tableau de bord a chargés.</translation>
    </message>
    <message>
        <source>Borrowed then: %1.</source>
        <translation>Empruntés à ce moment : %1.</translation>
    </message>
    <message>
        <source>Borrowing</source>
        <translation>Emprunts</translation>
    </message>
</context>
<context>
    <name>keyright::FailoverTransport</name>
    <message>
        <source>%1 timed out after %2 s</source>
        <translation>%1 : délai dépassé après %2 s</translation>
    </message>
    <message>
        <source>%1 timed out after %2 ms</source>
        <translation>%1 : délai dépassé après %2 ms</translation>
    </message>
    <message>
        <source>the list of server instances changed</source>
        <translation>la liste des instances du serveur a changé</translation>
    </message>
    <message>
        <source>network cut</source>
        <translation>réseau coupé</translation>
    </message>
    <message>
        <source>no server address configured</source>
        <translation>aucune adresse de serveur configurée</translation>
    </message>
    <message>
        <source>no such server instance</source>
        <translation>cette instance du serveur n&apos;existe pas</translation>
    </message>
    <message>
        <source>every server instance signs with another key than the one this client was given</source>
        <translation>toutes les instances du serveur signent avec une autre clé que celle donnée à ce client</translation>
    </message>
    <message>
        <source>%1 is unavailable: %2</source>
        <translation>%1 est indisponible : %2</translation>
    </message>
    <message>
        <source>%1 signs with another key than the one this client was given; it is not used</source>
        <translation>%1 signe avec une autre clé que celle donnée à ce client ; elle n&apos;est pas utilisée</translation>
    </message>
    <message>
        <source>%1 signs with another key than %2; it is not used</source>
        <translation>%1 signe avec une autre clé que %2 ; elle n&apos;est pas utilisée</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 when asked for its public key</source>
        <translation>%1 a répondu HTTP %2 à la demande de sa clé publique</translation>
    </message>
    <message>
        <source>%1 gave a malformed public key: %2</source>
        <translation>%1 a donné une clé publique mal formée : %2</translation>
    </message>
    <message>
        <source>%1 (key %2)</source>
        <translation>%1 (clé %2)</translation>
    </message>
    <message>
        <source>the servers listed disagree on the signing key: %1. They are not instances of one site; nothing is sent to them until the list names the instances of one site only</source>
        <translation>les serveurs indiqués n&apos;ont pas la même clé de signature : %1. Ce ne sont pas les instances d&apos;un même site ; rien ne leur est envoyé tant que la liste ne nomme pas les instances d&apos;un seul site</translation>
    </message>
    <message>
        <source>the certificate of %1 changed: the one trusted has the SHA-256 fingerprint %2, the one presented %3; it is not used</source>
        <translation>le certificat de %1 a changé : celui de confiance a l&apos;empreinte SHA-256 %2, celui présenté %3 ; il n&apos;est pas utilisé</translation>
    </message>
    <message>
        <source>no connection to %1 within %2 ms</source>
        <translation>aucune connexion à %1 en %2 ms</translation>
    </message>
    <message>
        <source>%1 gave no HTTP answer</source>
        <translation>%1 n&apos;a pas donné de réponse HTTP</translation>
    </message>
    <message>
        <source>connection refused by %1</source>
        <translation>connexion refusée par %1</translation>
    </message>
    <message>
        <source>host %1 not found</source>
        <translation>hôte %1 introuvable</translation>
    </message>
    <message>
        <source>connection closed by %1 before it answered</source>
        <translation>connexion fermée par %1 avant sa réponse</translation>
    </message>
    <message>
        <source>the certificate of %1 is not trusted (%2); its SHA-256 fingerprint is %3</source>
        <translation>le certificat de %1 n&apos;est pas reconnu (%2) ; son empreinte SHA-256 est %3</translation>
    </message>
    <message>
        <source>TLS with %1 failed: %2</source>
        <translation>échec de TLS avec %1 : %2</translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation>impossible de joindre %1 : %2</translation>
    </message>
    <message>
        <source>the signing keys of the servers listed cannot be compared: %1. Nothing is sent to any of them until that server&apos;s certificate is trusted or it is removed from the list</source>
        <translation>les clés de signature des serveurs indiqués ne peuvent pas être comparées : %1. Rien n&apos;est envoyé à aucun d&apos;eux tant que le certificat de ce serveur n&apos;est pas reconnu ou qu&apos;il n&apos;est pas retiré de la liste</translation>
    </message>
</context>
<context>
    <name>keyright::FleetCountersModel</name>
    <message>
        <source>Replicas merged: %1. For each replica, the largest count any server reported.</source>
        <translation>Répliques fusionnées : %1. Pour chaque réplique, la plus grande valeur signalée par un serveur.</translation>
    </message>
    <message>
        <source>%1… (stale)</source>
        <translation>%1… (sans nouvelles)</translation>
    </message>
    <message>
        <source>Replica %1: no contact data; its counts arrived through other servers.</source>
        <translation>Réplique %1 : aucune donnée de contact ; ses comptes sont arrivés par d&apos;autres serveurs.</translation>
    </message>
    <message>
        <source>Replica %1: stale, last heard from %2.</source>
        <translation>Réplique %1 : sans nouvelles, dernier contact %2.</translation>
    </message>
    <message>
        <source>Replica %1: last heard from %2.</source>
        <translation>Réplique %1 : dernier contact %2.</translation>
    </message>
    <message>
        <source>License / replica</source>
        <translation>Licence / réplique</translation>
    </message>
    <message>
        <source>Granted</source>
        <translation>Accordés</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Refusés</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>Libérés</translation>
    </message>
    <message>
        <source>Revoked</source>
        <translation>Révoqués</translation>
    </message>
    <message>
        <source>Reclaimed</source>
        <translation>Récupérés</translation>
    </message>
    <message>
        <source>Renewed</source>
        <translation>Renouvelés</translation>
    </message>
</context>
<context>
    <name>keyright::FleetModel</name>
    <message>
        <source>No admin connection is configured for this server.</source>
        <translation>Aucune connexion d&apos;administration n&apos;est configurée pour ce serveur.</translation>
    </message>
    <message>
        <source>The server&apos;s statistics are not in the expected form: %1</source>
        <translation>Les statistiques du serveur n&apos;ont pas la forme attendue : %1</translation>
    </message>
    <message>
        <source>never</source>
        <translation>jamais</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>à l&apos;instant</translation>
    </message>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>il y a %n s</numerusform>
            <numerusform>il y a %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>il y a %n min</numerusform>
            <numerusform>il y a %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>il y a %n h</numerusform>
            <numerusform>il y a %n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>il y a %n jour</numerusform>
            <numerusform>il y a %n jours</numerusform>
        </translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
</context>
<context>
    <name>keyright::FleetServersModel</name>
    <message>
        <source>asking…</source>
        <translation>interrogation…</translation>
    </message>
    <message>
        <source>not polled yet</source>
        <translation>pas encore interrogé</translation>
    </message>
    <message>
        <source>answered, but not lately</source>
        <translation>a répondu, mais pas récemment</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>a répondu</translation>
    </message>
    <message>
        <source>no answer: %1</source>
        <translation>pas de réponse : %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnue</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Réplique</translation>
    </message>
    <message>
        <source>Last poll</source>
        <translation>Dernière interrogation</translation>
    </message>
    <message>
        <source>Last answer</source>
        <translation>Dernière réponse</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>erreur : %1</translation>
    </message>
</context>
<context>
    <name>keyright::FleetView</name>
    <message>
        <source>Poll now</source>
        <translation>Interroger maintenant</translation>
    </message>
    <message>
        <source>Stale after:</source>
        <translation>Sans nouvelles après :</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Large fonts</source>
        <translation>Grands caractères</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Serveurs</translation>
    </message>
    <message>
        <source>Counters per license, merged from every server</source>
        <translation>Compteurs par licence, fusionnés depuis tous les serveurs</translation>
    </message>
    <message>
        <source>Each total is merged with the G-Counter rule: for each replica the largest count any server reported, then the sum. A repeated or late poll never adds anything. Replicas in amber italics are stale: nothing has shown them alive lately.</source>
        <translation>Chaque total est fusionné selon la règle du G-Counter : pour chaque réplique, la plus grande valeur signalée par un serveur, puis la somme. Une interrogation répétée ou tardive n&apos;ajoute jamais rien. Les répliques en italique orangé sont sans nouvelles : rien ne les a montrées actives récemment.</translation>
    </message>
    <message>
        <source>Amnesia</source>
        <translation>Amnésie</translation>
    </message>
    <message>
        <source>No server reported a replica that forgot its counts.</source>
        <translation>Aucun serveur n&apos;a signalé de réplique ayant oublié ses comptes.</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Réplique</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Compteur</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>Détenu</translation>
    </message>
    <message>
        <source>Reported</source>
        <translation>Signalé</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>Reported by</source>
        <translation>Signalé par</translation>
    </message>
    <message>
        <source>Servers with usage statistics: %1 of %2</source>
        <translation>Serveurs avec statistiques d&apos;utilisation : %1 sur %2</translation>
    </message>
    <message numerus="yes">
        <source>; %n answer(s) with an error</source>
        <translation>
            <numerusform> ; %n répond par une erreur</numerusform>
            <numerusform> ; %n répondent par une erreur</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::GroupsDialog</name>
    <message>
        <source>&amp;Add group</source>
        <translation>&amp;Ajouter un groupe</translation>
    </message>
    <message>
        <source>&amp;Remove group</source>
        <translation>&amp;Retirer le groupe</translation>
    </message>
    <message>
        <source>Holder groups</source>
        <translation>Groupes de détenteurs</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Groupe</translation>
    </message>
    <message>
        <source>Holder patterns (separated by spaces)</source>
        <translation>Motifs de détenteurs (séparés par des espaces)</translation>
    </message>
    <message>
        <source>A group names the holders it matches: &lt;code&gt;*&lt;/code&gt; any characters but &lt;code&gt;/&lt;/code&gt;, &lt;code&gt;?&lt;/code&gt; one character, &lt;code&gt;[abc]&lt;/code&gt; one of a set, e.g. &lt;code&gt;*@render-*&lt;/code&gt;. Licenses name groups in their seat rules.</source>
        <translation>Un groupe désigne les détenteurs qui correspondent à ses motifs : &lt;code&gt;*&lt;/code&gt; n&apos;importe quels caractères sauf &lt;code&gt;/&lt;/code&gt;, &lt;code&gt;?&lt;/code&gt; un caractère, &lt;code&gt;[abc]&lt;/code&gt; un caractère parmi un ensemble, p. ex. &lt;code&gt;*@render-*&lt;/code&gt;. Les licences nomment des groupes dans leurs règles de sièges.</translation>
    </message>
    <message>
        <source>e.g. render</source>
        <translation>p. ex. render</translation>
    </message>
    <message>
        <source>e.g. *@render-* alice@ws-12</source>
        <translation>p. ex. *@render-* alice@ws-12</translation>
    </message>
    <message>
        <source>The holder groups were not saved. %1</source>
        <translation>Les groupes de détenteurs n&apos;ont pas été enregistrés. %1</translation>
    </message>
    <message>
        <source>reservation</source>
        <translation>réservation</translation>
    </message>
    <message>
        <source>cap</source>
        <translation>plafond</translation>
    </message>
    <message>
        <source>allow list</source>
        <translation>liste d&apos;autorisation</translation>
    </message>
    <message>
        <source>deny list</source>
        <translation>liste d&apos;exclusion</translation>
    </message>
    <message numerus="yes">
        <source>The group %1 cannot go: the seat rules of %n license(s) use it: %2. Take it out of those rules first, or keep the group.</source>
        <translation>
            <numerusform>Le groupe %1 ne peut pas disparaître : les règles de sièges de %n licence l&apos;utilisent : %2. Retirez-le d&apos;abord de ces règles, ou gardez le groupe.</numerusform>
            <numerusform>Le groupe %1 ne peut pas disparaître : les règles de sièges de %n licences l&apos;utilisent : %2. Retirez-le d&apos;abord de ces règles, ou gardez le groupe.</numerusform>
        </translation>
    </message>
    <message>
        <source>; </source>
        <comment>between two licenses of a list</comment>
        <translation> ; </translation>
    </message>
    <message>
        <source>Source</source>
        <comment>where a group&apos;s members come from</comment>
        <translation>Source</translation>
    </message>
    <message>
        <source>never</source>
        <comment>a group never synchronised</comment>
        <translation>jamais</translation>
    </message>
    <message>
        <source>From LDAP, synchronised %1</source>
        <translation>Depuis LDAP, synchronisé le %1</translation>
    </message>
    <message>
        <source>From LDAP, not synchronised yet</source>
        <translation>Depuis LDAP, pas encore synchronisé</translation>
    </message>
    <message>
        <source>Members read from %1: the %2 values of the entries matching %3 under %4, each value v as the holder pattern v@%5. They change only in the directory.</source>
        <translation>Membres lus dans %1 : les valeurs de %2 des entrées que %3 trouve sous %4, chaque valeur v devenant le motif de détenteur v@%5. Ils ne changent que dans l&apos;annuaire.</translation>
    </message>
    <message>
        <source>Edited here</source>
        <translation>Modifié ici</translation>
    </message>
    <message>
        <source>From LDAP, stale: %2 (last synchronised %1)</source>
        <translation>Depuis LDAP, périmé : %2 (dernière synchronisation %1)</translation>
    </message>
</context>
<context>
    <name>keyright::HolderTimelineDialog</name>
    <message>
        <source>Holder&apos;s timeline</source>
        <translation>Chronologie du détenteur</translation>
    </message>
    <message>
        <source>&amp;Holder:</source>
        <translation>&amp;Détenteur :</translation>
    </message>
    <message>
        <source>user@machine, as the holders table shows it</source>
        <translation>utilisateur@machine, comme dans le tableau des détenteurs</translation>
    </message>
    <message>
        <source>&amp;All machines of this user</source>
        <translation>&amp;Toutes les machines de cet utilisateur</translation>
    </message>
    <message>
        <source>Every holder whose label starts with the same user before the @</source>
        <translation>Chaque détenteur dont le libellé commence par le même utilisateur avant le @</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>&amp;Période :</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Dernière heure</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Dernières 24 heures</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Aujourd&apos;hui</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>7 derniers jours</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Personnalisée</translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation>&amp;Afficher</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>One lane per seat, in this computer&apos;s local time. Click a moment to find its event.</source>
        <translation>Une ligne par siège, à l&apos;heure locale de cet ordinateur. Cliquez sur un moment pour trouver son événement.</translation>
    </message>
    <message>
        <source>Type a holder and press Show.</source>
        <translation>Saisissez un détenteur et appuyez sur Afficher.</translation>
    </message>
    <message>
        <source>Reading the events of %1…</source>
        <translation>Lecture des événements de %1…</translation>
    </message>
    <message>
        <source>The events could not be read: %1</source>
        <translation>Les événements n&apos;ont pas pu être lus : %1</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n événement</numerusform>
            <numerusform>%n événements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) from %1 to %2 (local time).</source>
        <translation>
            <numerusform>%n siège du %1 au %2 (heure locale).</numerusform>
            <numerusform>%n sièges du %1 au %2 (heure locale).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only the first %n events were read: the range stops at the last of them; choose a shorter one.</source>
        <translation>
            <numerusform>Seul %n événement a été lu : la période s&apos;arrête à celui-ci ; choisissez-en une plus courte.</numerusform>
            <numerusform>Seuls les %n premiers événements ont été lus : la période s&apos;arrête au dernier d&apos;entre eux ; choisissez-en une plus courte.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::HolderTimelineModel</name>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Détenteur</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Ce qui s&apos;est passé</translation>
    </message>
    <message>
        <source>no end in the range: held, or lapsed without an event, until %1</source>
        <translation>aucune fin dans la période : détenu, ou expiré sans événement, jusqu&apos;à %1</translation>
    </message>
    <message>
        <source>released at %1</source>
        <translation>libéré à %1</translation>
    </message>
    <message>
        <source>expired unrenewed at %1 (seen at %2)</source>
        <translation>expiré sans renouvellement à %1 (constaté à %2)</translation>
    </message>
    <message>
        <source>expired unrenewed at %1</source>
        <translation>expiré sans renouvellement à %1</translation>
    </message>
    <message>
        <source>revoked at %1 by %2</source>
        <translation>révoqué à %1 par %2</translation>
    </message>
    <message>
        <source>revoked at %1 by %2: %3</source>
        <translation>révoqué à %1 par %2 : %3</translation>
    </message>
    <message>
        <source>reclaimed at %1 for %2, idle</source>
        <translation>repris à %1 pour %2, inactif</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>an event&apos;s sentence and its detail</comment>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>Took seat %1 of %2</source>
        <translation>A pris le siège %1 de %2</translation>
    </message>
    <message>
        <source>Released seat %1 of %2</source>
        <translation>A libéré le siège %1 de %2</translation>
    </message>
    <message>
        <source>Seat %1 of %2 revoked by %3</source>
        <translation>Siège %1 de %2 révoqué par %3</translation>
    </message>
    <message>
        <source>Seat %1 of %2 lapsed unrenewed and was reaped</source>
        <translation>Siège %1 de %2 expiré sans renouvellement, puis nettoyé</translation>
    </message>
    <message>
        <source>Renewal of seat %1 of %2 refused</source>
        <translation>Renouvellement du siège %1 de %2 refusé</translation>
    </message>
    <message>
        <source>Seat %1 of %2 reclaimed</source>
        <translation>Siège %1 de %2 repris</translation>
    </message>
    <message>
        <source>Seat %1 of %2 marked idle</source>
        <translation>Siège %1 de %2 marqué inactif</translation>
    </message>
    <message>
        <source>Idle mark on seat %1 of %2 lifted</source>
        <translation>Marque d&apos;inactivité du siège %1 de %2 levée</translation>
    </message>
    <message>
        <source>Waiting in line for %1</source>
        <translation>En file d&apos;attente pour %1</translation>
    </message>
    <message>
        <source>Left the line for %1</source>
        <translation>A quitté la file d&apos;attente pour %1</translation>
    </message>
    <message>
        <source>Not connected to a server.</source>
        <translation>Pas connecté à un serveur.</translation>
    </message>
    <message>
        <source>The connection changed while the events were read; show them again.</source>
        <translation>La connexion a changé pendant la lecture des événements ; affichez-les de nouveau.</translation>
    </message>
    <message>
        <source>expired unrenewed at %1, reaped at %2</source>
        <translation>expiré sans renouvellement à %1, nettoyé à %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n time(s) in all, the last at %2)</source>
        <translation>
            <numerusform>%1 (%n fois en tout, la dernière à %2)</numerusform>
            <numerusform>%1 (%n fois en tout, la dernière à %2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::HolderTimelineStrip</name>
    <message>
        <source>Refusals, line</source>
        <translation>Refus, file d&apos;attente</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a timeline lane: license and seat</comment>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>keyright::InstanceHealthModel</name>
    <message>
        <source>not asked yet</source>
        <translation>pas encore interrogée</translation>
    </message>
    <message>
        <source>up</source>
        <translation>en service</translation>
    </message>
    <message>
        <source>down</source>
        <translation>hors service</translation>
    </message>
    <message>
        <source>refused: another key</source>
        <translation>refusée : autre clé</translation>
    </message>
    <message>
        <source>%1 (answering)</source>
        <translation>%1 (répond)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1%2 ms</source>
        <translation>%1%2 ms</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>Aller-retour</translation>
    </message>
    <message>
        <source>Clock offset</source>
        <translation>Décalage d&apos;horloge</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Réplique</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Dernière erreur</translation>
    </message>
    <message>
        <source>%1: unavailable since %2</source>
        <translation>%1 : indisponible depuis %2</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Base de données</translation>
    </message>
    <message>
        <source>database unavailable</source>
        <translation>base de données indisponible</translation>
    </message>
    <message>
        <source>server busy</source>
        <translation>serveur surchargé</translation>
    </message>
    <message>
        <source>internal server error</source>
        <translation>erreur interne du serveur</translation>
    </message>
    <message>
        <source>The instance answers, but it cannot reach its database: it refuses every request that needs it with 503 database_unavailable.</source>
        <translation>L&apos;instance répond, mais elle n&apos;atteint pas sa base de données : elle refuse toute requête qui en a besoin par 503 database_unavailable.</translation>
    </message>
    <message>
        <source>unavailable since %1</source>
        <translation>indisponible depuis %1</translation>
    </message>
    <message>
        <source>answers, no database</source>
        <translation>répond, sans base</translation>
    </message>
    <message>
        <source>Last reported: %1. The instance is up again and is asked which database it is on now.</source>
        <translation>Dernier signalement : %1. L&apos;instance est de nouveau en service ; on lui demande sur quelle base elle est maintenant.</translation>
    </message>
    <message>
        <source>Last reported at %1: %2. The instance is up again and is asked which database it is on now.</source>
        <translation>Dernier signalement à %1 : %2. L&apos;instance est de nouveau en service ; on lui demande sur quelle base elle est maintenant.</translation>
    </message>
    <message>
        <source>Last reported at %1; the instance does not answer now.</source>
        <translation>Dernier signalement à %1 ; l&apos;instance ne répond plus.</translation>
    </message>
    <message>
        <source>checking…</source>
        <comment>which database an instance is on</comment>
        <translation>vérification…</translation>
    </message>
</context>
<context>
    <name>keyright::InstanceHealthPanel</name>
    <message numerus="yes">
        <source>&lt;b&gt;Instances of this site&lt;/b&gt;: %n of %1 up; requests go to %2.</source>
        <translation>
            <numerusform>&lt;b&gt;Instances de ce site&lt;/b&gt; : %n sur %1 en service ; les requêtes vont à %2.</numerusform>
            <numerusform>&lt;b&gt;Instances de ce site&lt;/b&gt; : %n sur %1 en service ; les requêtes vont à %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) but cannot reach the database.</source>
        <translation>
            <numerusform>%n répond mais n&apos;atteint pas la base de données.</numerusform>
            <numerusform>%n répondent mais n&apos;atteignent pas la base de données.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::KeyRevealDialog</name>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copier</translation>
    </message>
    <message>
        <source>License key for %1</source>
        <translation>Clé de licence de %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Copy this key now.&lt;/b&gt; It is shown only once: the server keeps only a hash of it. Applications use it to check out seats of &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>&lt;b&gt;Copiez cette clé maintenant.&lt;/b&gt; Elle n&apos;est affichée qu&apos;une fois : le serveur n&apos;en garde qu&apos;une empreinte. Les applications s&apos;en servent pour prendre des sièges de &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiée</translation>
    </message>
</context>
<context>
    <name>keyright::LeaseClient</name>
    <message>
        <source>HTTP status %1</source>
        <translation>statut HTTP %1</translation>
    </message>
    <message>
        <source>not found: %1</source>
        <translation>introuvable : %1</translation>
    </message>
    <message>
        <source>unexpected conflict: %1</source>
        <translation>conflit inattendu : %1</translation>
    </message>
    <message>
        <source>request rejected: %1</source>
        <translation>requête rejetée : %1</translation>
    </message>
    <message>
        <source>unexpected HTTP status %1</source>
        <translation>statut HTTP inattendu %1</translation>
    </message>
    <message>
        <source>granted seat %1 until %2</source>
        <translation>siège %1 accordé jusqu&apos;à %2</translation>
    </message>
    <message>
        <source> (one may free at %1)</source>
        <translation> (un siège peut se libérer à %1)</translation>
    </message>
    <message>
        <source>the server no longer holds this seat</source>
        <translation>le serveur n&apos;attribue plus ce siège</translation>
    </message>
    <message>
        <source>blocked by an administrator until %1</source>
        <translation>bloqué par un administrateur jusqu&apos;à %1</translation>
    </message>
    <message>
        <source>license key refused: %1</source>
        <translation>clé de licence refusée : %1</translation>
    </message>
    <message>
        <source>server unreachable: %1</source>
        <translation>serveur injoignable : %1</translation>
    </message>
    <message>
        <source>invalid server reply: %1</source>
        <translation>réponse du serveur invalide : %1</translation>
    </message>
    <message>
        <source>the reply is not a JSON object</source>
        <translation>la réponse n&apos;est pas un objet JSON</translation>
    </message>
    <message>
        <source>malformed lease: %1 (%2)</source>
        <translation>bail mal formé : %1 (%2)</translation>
    </message>
    <message>
        <source>the lease signature does not verify against the server&apos;s key</source>
        <translation>la signature du bail ne correspond pas à la clé du serveur</translation>
    </message>
    <message>
        <source>the lease is for license %1, not %2</source>
        <translation>le bail porte sur la licence %1 et non %2</translation>
    </message>
    <message>
        <source>the lease is for seat %1, not %2</source>
        <translation>le bail porte sur le siège %1 et non %2</translation>
    </message>
    <message>
        <source>the lease is for holder %1, not %2</source>
        <translation>le bail porte sur le détenteur %1 et non %2</translation>
    </message>
    <message>
        <source>the renewal changed the seat&apos;s generation</source>
        <translation>le renouvellement a changé la génération du siège</translation>
    </message>
    <message>
        <source>the lease expires before it is issued</source>
        <translation>le bail expire avant d&apos;avoir été émis</translation>
    </message>
    <message>
        <source>invalid holder: %1</source>
        <translation>détenteur invalide : %1</translation>
    </message>
    <message>
        <source>invalid license id &quot;%1&quot;</source>
        <translation>identifiant de licence invalide « %1 »</translation>
    </message>
    <message>
        <source>invalid license or seat id</source>
        <translation>identifiant de licence ou de siège invalide</translation>
    </message>
    <message>
        <source>release answered %1: %2</source>
        <translation>la libération a reçu la réponse %1 : %2</translation>
    </message>
    <message>
        <source>malformed %1 reply: %2 (%3)</source>
        <translation>réponse %1 mal formée : %2 (%3)</translation>
    </message>
    <message>
        <source>the place was given up</source>
        <translation>la place a été abandonnée</translation>
    </message>
    <message>
        <source>the ticket was not renewed in time</source>
        <translation>le ticket n&apos;a pas été renouvelé à temps</translation>
    </message>
    <message>
        <source>no seat came free within the longest wait asked for</source>
        <translation>aucun siège ne s&apos;est libéré dans le délai d&apos;attente maximal demandé</translation>
    </message>
    <message>
        <source>an administrator removed it from the line</source>
        <translation>un administrateur l&apos;a retiré de la file</translation>
    </message>
    <message>
        <source>the server does not know the ticket</source>
        <translation>le serveur ne connaît pas ce ticket</translation>
    </message>
    <message>
        <source>group &quot;%1&quot; already holds %2 of the %3 seats it may use</source>
        <translation>le groupe « %1 » occupe déjà %2 des %3 sièges auxquels il a droit</translation>
    </message>
    <message>
        <source>not allowed: the license&apos;s rules deny this holder (%1)</source>
        <translation>non autorisé : les règles de la licence refusent ce détenteur (%1)</translation>
    </message>
    <message>
        <source>not allowed: this holder is not on the license&apos;s allow list</source>
        <translation>non autorisé : ce détenteur n&apos;est pas sur la liste des autorisés de la licence</translation>
    </message>
    <message>
        <source>a seat is held for this place in line</source>
        <translation>un siège est réservé pour cette place dans la file</translation>
    </message>
    <message>
        <source>waiting in line: position %1 of %2</source>
        <translation>dans la file d&apos;attente : position %1 sur %2</translation>
    </message>
    <message>
        <source>left the line: %1</source>
        <translation>sorti de la file d&apos;attente : %1</translation>
    </message>
    <message>
        <source>malformed ticket: %1 (%2)</source>
        <translation>ticket mal formé : %1 (%2)</translation>
    </message>
    <message>
        <source>the ticket is for license %1, not %2</source>
        <translation>le ticket concerne la licence %1, pas %2</translation>
    </message>
    <message>
        <source>the ticket is for holder %1, not %2</source>
        <translation>le ticket concerne le détenteur %1, pas %2</translation>
    </message>
    <message>
        <source>the answer is about ticket %1, not %2</source>
        <translation>la réponse concerne le ticket %1, pas %2</translation>
    </message>
    <message>
        <source>a place in line for a checkout that did not ask to wait</source>
        <translation>une place dans la file pour une demande qui n&apos;a pas demandé à attendre</translation>
    </message>
    <message>
        <source>invalid wait of %1 s (1 to %2 s)</source>
        <translation>attente invalide de %1 s (de 1 à %2 s)</translation>
    </message>
    <message>
        <source>invalid license or ticket id</source>
        <translation>identifiant de licence ou de ticket invalide</translation>
    </message>
    <message>
        <source>leaving the line answered %1: %2</source>
        <translation>la sortie de la file a répondu %1 : %2</translation>
    </message>
    <message>
        <source>%1 reply without a valid time it ends</source>
        <translation>réponse %1 sans heure de fin valide</translation>
    </message>
    <message>
        <source>%1 reply with an unknown reason (&quot;%2&quot;)</source>
        <translation>réponse %1 avec un motif inconnu (« %2 »)</translation>
    </message>
    <message>
        <source>server not trusted: %1</source>
        <translation>serveur non reconnu : %1</translation>
    </message>
    <message>
        <source>all %1 seats are in use</source>
        <translation>les %1 sièges sont tous occupés</translation>
    </message>
    <message>
        <source>%1 of %2 seats are in use and the other %3 are reserved for others</source>
        <translation>sièges occupés : %1 sur %2 ; réservés à d&apos;autres : %3</translation>
    </message>
    <message>
        <source>the only seat is in use</source>
        <translation>le seul siège est occupé</translation>
    </message>
    <message>
        <source>the only seat is reserved for others</source>
        <translation>le seul siège est réservé à d&apos;autres</translation>
    </message>
    <message>
        <source>none of the %1 seats is in use, but all are reserved for others</source>
        <translation>aucun des %1 sièges n&apos;est occupé, mais tous sont réservés à d&apos;autres</translation>
    </message>
    <message>
        <source>%1 of %2 seats are in use and the other one is reserved for others</source>
        <translation>sièges occupés : %1 sur %2 ; le dernier est réservé à d&apos;autres</translation>
    </message>
    <message>
        <source>the server answered %1: %2</source>
        <translation>le serveur a répondu %1 : %2</translation>
    </message>
    <message>
        <source>invalid borrow of %1 days (1 to %2)</source>
        <translation>emprunt invalide de %1 jours (de 1 à %2)</translation>
    </message>
    <message>
        <source>borrow answered %1: %2</source>
        <translation>l’emprunt a reçu la réponse %1 : %2</translation>
    </message>
    <message>
        <source>malformed borrow answer: %1</source>
        <translation>réponse d’emprunt mal formée : %1</translation>
    </message>
    <message>
        <source>the borrowed lease does not verify with the server&apos;s key</source>
        <translation>le bail emprunté ne se vérifie pas avec la clé du serveur</translation>
    </message>
    <message>
        <source>the borrowed lease is signed with another key than this server&apos;s</source>
        <translation>le bail emprunté est signé avec une autre clé que celle de ce serveur</translation>
    </message>
    <message>
        <source>the server lent a seat of another license or holder</source>
        <translation>le serveur a prêté un siège d’une autre licence ou d’un autre détenteur</translation>
    </message>
    <message>
        <source>return answered %1: %2</source>
        <translation>le retour a reçu la réponse %1 : %2</translation>
    </message>
    <message>
        <source>the only seat is reserved for %1</source>
        <translation>le seul siège est réservé à %1</translation>
    </message>
    <message>
        <source>none of the %1 seats is in use, but all are reserved for %2</source>
        <translation>aucun des %1 sièges n&apos;est occupé, mais tous sont réservés à %2</translation>
    </message>
    <message>
        <source>%1 of %2 seats are in use and the other one is reserved for %3</source>
        <translation>sièges occupés : %1 sur %2 ; le dernier est réservé à %3</translation>
    </message>
    <message>
        <source>%1 of %2 seats are in use and the other %3 are reserved for %4</source>
        <translation>sièges occupés : %1 sur %2 ; réservés à %4 : %3</translation>
    </message>
</context>
<context>
    <name>keyright::LeaseKeeper</name>
    <message>
        <source>Your seat will be given to someone waiting at %1 unless you use the application.</source>
        <translation>Votre siège sera donné à une personne qui attend à %1, sauf si vous utilisez l’application.</translation>
    </message>
    <message>
        <source>The seat was given to someone waiting: the application was not used after the warning.</source>
        <translation>Le siège a été donné à une personne qui attendait : l’application n’a pas été utilisée après l’avertissement.</translation>
    </message>
</context>
<context>
    <name>keyright::LeaseTableModel</name>
    <message>
        <source>%1 left</source>
        <translation>encore %1</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>bloqué</translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation>expiré depuis %1</translation>
    </message>
    <message>
        <source>live</source>
        <translation>actif</translation>
    </message>
    <message>
        <source>expired, awaiting reap</source>
        <translation>expiré, à nettoyer</translation>
    </message>
    <message>
        <source>%1 is blocked from this license until %2</source>
        <translation>%1 est exclu de cette licence jusqu&apos;au %2</translation>
    </message>
    <message>
        <source>%1 is blocked from this license until %2: %3</source>
        <translation>%1 est exclu de cette licence jusqu&apos;au %2 : %3</translation>
    </message>
    <message>
        <source>Seat granted at %1</source>
        <translation>Siège accordé le %1</translation>
    </message>
    <message>
        <source>Held since at least %1 (the grant is older than the events loaded)</source>
        <translation>Détenu depuis au moins le %1 (l&apos;attribution est plus ancienne que les événements chargés)</translation>
    </message>
    <message>
        <source>Signed expiry, UTC: %1</source>
        <translation>Expiration signée, UTC : %1</translation>
    </message>
    <message>
        <source>Time left before the signed expiry, on the server&apos;s clock</source>
        <translation>Temps restant avant l&apos;expiration signée, selon l&apos;horloge du serveur</translation>
    </message>
    <message>
        <source>Fencing token: grows with every grant on this license</source>
        <translation>Jeton d&apos;exclusion : augmente à chaque attribution sur cette licence</translation>
    </message>
    <message>
        <source>The seat counts against the license</source>
        <translation>Le siège est décompté de la licence</translation>
    </message>
    <message>
        <source>The lease expired; the seat no longer counts. The reaper deletes the row from %1.</source>
        <translation>Le bail a expiré ; le siège n&apos;est plus compté. Le nettoyeur supprime la ligne à partir du %1.</translation>
    </message>
    <message>
        <source>The signature verifies against the server&apos;s public key</source>
        <translation>La signature est valide pour la clé publique du serveur</translation>
    </message>
    <message>
        <source>The signature does NOT verify against the server&apos;s public key: this lease was altered</source>
        <translation>La signature n&apos;est PAS valide pour la clé publique du serveur : ce bail a été modifié</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Détenteur</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Siège</translation>
    </message>
    <message>
        <source>Gen.</source>
        <translation>Gén.</translation>
    </message>
    <message>
        <source>Held since</source>
        <translation>Détenu depuis</translation>
    </message>
    <message>
        <source>Expires at</source>
        <translation>Expire le</translation>
    </message>
    <message>
        <source>Expires in</source>
        <translation>Expire dans</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Sig.</source>
        <translation>Sig.</translation>
    </message>
    <message>
        <source>As of %1: the server has not answered since.</source>
        <translation>Au %1 : le serveur n&apos;a plus répondu depuis.</translation>
    </message>
    <message>
        <source>%1 (as of %2)</source>
        <translation>%1 (au %2)</translation>
    </message>
    <message>
        <source>reserved for %1</source>
        <translation>réservé à %1</translation>
    </message>
    <message>
        <source>max %1: %2 of %3</source>
        <translation>plafond %1 : %2 sur %3</translation>
    </message>
    <message>
        <source>shared seats</source>
        <translation>sièges partagés</translation>
    </message>
    <message>
        <source>This seat counts against the shared seats, which anyone admitted may take.</source>
        <translation>Ce siège compte sur les sièges partagés, que toute personne admise peut prendre.</translation>
    </message>
    <message>
        <source>This seat counts against the seats reserved for %1.</source>
        <translation>Ce siège compte sur les sièges réservés à %1.</translation>
    </message>
    <message>
        <source>Counts against</source>
        <translation>Compte sur</translation>
    </message>
    <message numerus="yes">
        <source>%1 may hold at most %n seat(s); it holds %2.</source>
        <translation>
            <numerusform>%1 peut détenir au plus %n siège ; il en détient %2.</numerusform>
            <numerusform>%1 peut détenir au plus %n sièges ; il en détient %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>active</source>
        <translation>en usage</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <source>This client does not report activity; it is never counted as idle</source>
        <translation>Ce client ne signale pas l’activité ; il n’est jamais compté comme inactif</translation>
    </message>
    <message numerus="yes">
        <source>Last activity at %1: idle for more than %n minute(s)</source>
        <translation>
            <numerusform>Dernière activité à %1 : inactif depuis plus de %n minute</numerusform>
            <numerusform>Dernière activité à %1 : inactif depuis plus de %n minutes</numerusform>
        </translation>
    </message>
    <message>
        <source>Last activity at %1</source>
        <translation>Dernière activité à %1</translation>
    </message>
    <message>
        <source>Idle for</source>
        <translation>Inactif depuis</translation>
    </message>
    <message>
        <source>%1, reclaim at %2</source>
        <translation>%1, reprise à %2</translation>
    </message>
    <message>
        <source>Someone is waiting: idle reclaim gives this seat to them at %1 unless its holder uses the application before then.</source>
        <translation>Quelqu&apos;un attend : la reprise des sièges inactifs lui donnera ce siège à %1, sauf si son détenteur utilise l&apos;application d&apos;ici là.</translation>
    </message>
    <message>
        <source>borrowed until %1</source>
        <translation>emprunté jusqu&apos;au %1</translation>
    </message>
    <message>
        <source>Borrowed: the seat is away on a laptop that holds a signed lease. It counts against the license until it is returned or until %1, and cannot be revoked before.</source>
        <translation>Emprunté : le siège est parti sur un portable qui détient un bail signé. Il compte dans la licence jusqu&apos;à son retour ou jusqu&apos;au %1, et ne peut pas être révoqué avant.</translation>
    </message>
    <message>
        <source>borrowed</source>
        <comment>a seat&apos;s state</comment>
        <translation>emprunté</translation>
    </message>
    <message>
        <source>Written off by %1 at %2: the laptop holding this borrowed seat is lost. Its signed lease cannot be recalled offline, so the seat counts against the license until %3. If the laptop turns up, returning the seat frees it at once.</source>
        <translation>Déclaré perdu par %1 le %2 : le portable qui détient ce siège emprunté est perdu. Son bail signé ne peut pas être rappelé hors ligne, le siège compte donc pour la licence jusqu&apos;au %3. Si le portable est retrouvé, rendre le siège le libère aussitôt.</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Note : %1</translation>
    </message>
    <message>
        <source>written off, until %1</source>
        <translation>déclaré perdu, jusqu&apos;au %1</translation>
    </message>
    <message>
        <source>The laptop holding this borrowed seat is offline: a borrowed seat sends no heartbeats, by design, so the server cannot know how long it has been idle</source>
        <translation>Le portable qui détient ce siège emprunté est hors ligne : un siège emprunté n&apos;envoie aucun battement, par conception, le serveur ne peut donc pas savoir depuis combien de temps il est inactif</translation>
    </message>
</context>
<context>
    <name>keyright::LedgerBar</name>
    <message numerus="yes">
        <source>%1: %n seat(s)</source>
        <translation>
            <numerusform>%1&#xa0;: %n siège</numerusform>
            <numerusform>%1&#xa0;: %n sièges</numerusform>
        </translation>
    </message>
    <message>
        <source>in active use</source>
        <translation>en usage actif</translation>
    </message>
    <message>
        <source>in use, activity unknown</source>
        <translation>en usage, activité inconnue</translation>
    </message>
    <message>
        <source>held but idle</source>
        <translation>détenu mais inactif</translation>
    </message>
    <message>
        <source>a second seat of the same person</source>
        <translation>second siège d’une même personne</translation>
    </message>
    <message>
        <source>no longer renewed</source>
        <translation>plus renouvelé</translation>
    </message>
    <message>
        <source>reserved for %1, unused</source>
        <translation>réservé à %1, inutilisé</translation>
    </message>
    <message>
        <source>free</source>
        <translation>libre</translation>
    </message>
    <message>
        <source>above the seat count</source>
        <translation>au-delà du nombre de sièges</translation>
    </message>
    <message>
        <source>expired, awaiting the reaper</source>
        <translation>expiré, en attente du nettoyage</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Actions</translation>
    </message>
    <message>
        <source>Actions: %1</source>
        <translation>Actions&#xa0;: %1</translation>
    </message>
    <message>
        <source>Revoke these seats, or edit the rule behind them</source>
        <translation>Révoquer ces sièges, ou modifier la règle dont ils relèvent</translation>
    </message>
    <message>
        <source>Edit the rule behind these seats</source>
        <translation>Modifier la règle dont relèvent ces sièges</translation>
    </message>
    <message>
        <source>Revoke and block %1…</source>
        <translation>Révoquer et bloquer %1…</translation>
    </message>
    <message>
        <source>Revoke %1…</source>
        <translation>Révoquer %1…</translation>
    </message>
    <message numerus="yes">
        <source>%n more in the holders table</source>
        <translation>
            <numerusform>%n autre dans le tableau des détenteurs</numerusform>
            <numerusform>%n autres dans le tableau des détenteurs</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit the reservation rule…</source>
        <translation>Modifier la règle de réservation…</translation>
    </message>
    <message>
        <source>Edit the idle seats rule…</source>
        <translation>Modifier la règle des sièges inactifs…</translation>
    </message>
    <message>
        <source>borrowed, away from the site</source>
        <translation>empruntés, hors du site</translation>
    </message>
</context>
<context>
    <name>keyright::LicenseDialog</name>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>New license</source>
        <translation>Nouvelle licence</translation>
    </message>
    <message>
        <source>Edit license %1</source>
        <translation>Modifier la licence %1</translation>
    </message>
    <message>
        <source>e.g. acme-cad</source>
        <translation>par ex. acme-cad</translation>
    </message>
    <message>
        <source>e.g. ACME CAD</source>
        <translation>par ex. ACME CAD</translation>
    </message>
    <message>
        <source>License &amp;id:</source>
        <translation>&amp;Identifiant de licence :</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Seats:</source>
        <translation>&amp;Sièges :</translation>
    </message>
    <message>
        <source>Lease &amp;TTL:</source>
        <translation>&amp;Durée du bail :</translation>
    </message>
    <message>
        <source>Clock s&amp;kew tolerated:</source>
        <translation>Décalage d’horloge &amp;toléré :</translation>
    </message>
    <message>
        <source>Reap &amp;grace:</source>
        <translation>Délai de &amp;grâce avant nettoyage :</translation>
    </message>
    <message>
        <source>How long a lease lasts without a heartbeat. Clients renew at about a third of it.</source>
        <translation>Durée de vie d’un bail sans battement. Les clients le renouvellent vers le tiers de cette durée.</translation>
    </message>
    <message>
        <source>How long an expired lease still counts, to absorb clock differences.</source>
        <translation>Combien de temps un bail expiré compte encore, pour absorber les écarts d’horloge.</translation>
    </message>
    <message>
        <source>How long after its expiry the reaper deletes a lease row. Must exceed the skew.</source>
        <translation>Délai après l’expiration au bout duquel le nettoyeur supprime la ligne du bail. Doit dépasser le décalage.</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Créer</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Enter a license id.</source>
        <translation>Saisissez un identifiant de licence.</translation>
    </message>
    <message>
        <source>The license id may use lowercase letters, digits and dashes (not first), at most 64 characters.</source>
        <translation>L&apos;identifiant de licence peut contenir des minuscules, des chiffres et des tirets (pas en premier), 64 caractères au plus.</translation>
    </message>
    <message>
        <source>A license with the id &quot;%1&quot; already exists.</source>
        <translation>Une licence d&apos;identifiant « %1 » existe déjà.</translation>
    </message>
    <message>
        <source>Enter a name people will recognize.</source>
        <translation>Saisissez un nom que chacun reconnaîtra.</translation>
    </message>
    <message>
        <source>The name may have at most %1 characters.</source>
        <translation>Le nom peut compter au plus %1 caractères.</translation>
    </message>
    <message>
        <source>The name may not contain control characters.</source>
        <translation>Le nom ne doit pas contenir de caractères de contrôle.</translation>
    </message>
    <message>
        <source>The reap grace (%1 s) must be longer than the skew (%2 s): otherwise the reaper could delete a seat the server still counts.</source>
        <translation>Le délai de grâce (%1 s) doit dépasser le décalage toléré (%2 s) : sinon le nettoyeur pourrait supprimer un siège que le serveur compte encore.</translation>
    </message>
    <message>
        <source>Clients will renew about every %1 s; a crashed client&apos;s seat is free after %2 s and its row is reaped after %3 s.</source>
        <translation>Les clients renouvelleront environ toutes les %1 s ; le siège d&apos;un client planté est libre au bout de %2 s et sa ligne est nettoyée au bout de %3 s.</translation>
    </message>
    <message>
        <source>Add a &amp;reservation</source>
        <translation>Ajouter une &amp;réservation</translation>
    </message>
    <message>
        <source>Add a ca&amp;p</source>
        <translation>Ajouter un &amp;plafond</translation>
    </message>
    <message>
        <source>Holder gro&amp;ups…</source>
        <translation>Gro&amp;upes de détenteurs…</translation>
    </message>
    <message>
        <source>Anyone (or groups and holder patterns, separated by spaces)</source>
        <translation>Tout le monde (ou groupes et motifs de détenteurs, séparés par des espaces)</translation>
    </message>
    <message>
        <source>Nobody (or groups and holder patterns, separated by spaces)</source>
        <translation>Personne (ou groupes et motifs de détenteurs, séparés par des espaces)</translation>
    </message>
    <message>
        <source>When set, only these groups and holders (and members of a reserving group) may check out.</source>
        <translation>Si elle est remplie, seuls ces groupes et détenteurs (et les membres d&apos;un groupe qui réserve) peuvent emprunter un siège.</translation>
    </message>
    <message>
        <source>These groups and holders never get a seat, whatever else matches.</source>
        <translation>Ces groupes et détenteurs n&apos;obtiennent jamais de siège, quelle que soit la règle qui leur correspond par ailleurs.</translation>
    </message>
    <message>
        <source>&amp;Allow:</source>
        <translation>&amp;Autoriser :</translation>
    </message>
    <message>
        <source>&amp;Deny:</source>
        <translation>E&amp;xclure :</translation>
    </message>
    <message>
        <source>Reserve:</source>
        <translation>Réserver :</translation>
    </message>
    <message>
        <source>At most:</source>
        <translation>Au plus :</translation>
    </message>
    <message>
        <source>Seat rules</source>
        <translation>Règles de sièges</translation>
    </message>
    <message>
        <source>Deny comes first, then allow, then the caps, then the reservations: a reserved seat never goes to an outsider and a cap is never exceeded.</source>
        <translation>L&apos;exclusion passe d&apos;abord, puis l&apos;autorisation, puis les plafonds, puis les réservations : un siège réservé ne va jamais à quelqu&apos;un d&apos;extérieur au groupe et un plafond n&apos;est jamais dépassé.</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Groupe</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Sièges</translation>
    </message>
    <message>
        <source>No holder groups on this server yet.</source>
        <translation>Pas encore de groupe de détenteurs sur ce serveur.</translation>
    </message>
    <message>
        <source>Holder groups: %1</source>
        <translation>Groupes de détenteurs : %1</translation>
    </message>
    <message>
        <source>Show holder gro&amp;ups…</source>
        <translation>Voir les gro&amp;upes de détenteurs…</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>a group&apos;s reservation or cap row</comment>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Every holder group already has a row here: add a group with &quot;Holder groups…&quot; first.</source>
        <translation>Chaque groupe de détenteurs a déjà sa ligne ici : ajoutez d&apos;abord un groupe avec « Groupes de détenteurs… ».</translation>
    </message>
    <message>
        <source>At most 0 seats shuts out %1: none of its members can check out, as with Deny. Raise the cap to let them in.</source>
        <translation>Au plus 0 siège exclut %1 : aucun de ses membres ne peut obtenir de siège, comme avec Exclure. Relevez le plafond pour les laisser entrer.</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>under a minute</source>
        <translation>moins d’une minute</translation>
    </message>
    <message>
        <source>Reclaim idle seats for someone &amp;waiting</source>
        <translation>Reprendre les sièges inacti&amp;fs pour qui attend</translation>
    </message>
    <message>
        <source>Add times for a gr&amp;oup</source>
        <translation>Ajouter des durées p&amp;our un groupe</translation>
    </message>
    <message>
        <source>A seat whose holder has done nothing for longer than this may go to someone waiting, after a warning. A holder whose application reports no activity is never idle.</source>
        <translation>Un siège dont le détenteur n’a rien fait depuis plus longtemps que cela peut aller à quelqu’un qui attend, après un avertissement. Un détenteur dont l’application ne signale pas l’activité n’est jamais inactif.</translation>
    </message>
    <message>
        <source> min before</source>
        <translation> min avant</translation>
    </message>
    <message>
        <source>How long before its seat goes the holder is warned; any activity meanwhile keeps the seat.</source>
        <translation>Combien de temps avant que son siège ne parte le détenteur est averti ; toute activité entre-temps lui garde le siège.</translation>
    </message>
    <message>
        <source>Idle for</source>
        <translation>Inactivité</translation>
    </message>
    <message>
        <source>Warn</source>
        <translation>Avertir</translation>
    </message>
    <message>
        <source>Members of these groups follow their group&apos;s times instead (the first row they belong to); everyone else follows the times above.</source>
        <translation>Les membres de ces groupes suivent plutôt les durées de leur groupe (la première ligne dont ils font partie) ; tous les autres suivent les durées ci-dessus.</translation>
    </message>
    <message>
        <source>Idle for &amp;more than:</source>
        <translation>Inacti&amp;vité de plus de :</translation>
    </message>
    <message>
        <source>Warn the &amp;holder:</source>
        <translation>Avertir le détent&amp;eur :</translation>
    </message>
    <message>
        <source>Idle seats</source>
        <translation>Sièges inactifs</translation>
    </message>
    <message>
        <source>Groups with times of their own:</source>
        <translation>Groupes avec leurs propres durées :</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>a group&apos;s idle seats row</comment>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Choose a group for each row of Groups with times of their own, or remove the row.</source>
        <translation>Choisissez un groupe pour chaque ligne de « Groupes avec leurs propres durées », ou retirez la ligne.</translation>
    </message>
    <message>
        <source>Idle seats are never reclaimed.</source>
        <translation>Les sièges inactifs ne sont jamais repris.</translation>
    </message>
    <message>
        <source>No holder has been idle that long right now: nothing would be reclaimed.</source>
        <translation>Aucun détenteur n’est inactif depuis si longtemps en ce moment : rien ne serait repris.</translation>
    </message>
    <message>
        <source>%1 has been idle %2, but nobody is waiting: nothing would be reclaimed.</source>
        <translation>%1 est inactif depuis %2, mais personne n’attend : rien ne serait repris.</translation>
    </message>
    <message numerus="yes">
        <source>%n holder(s) waiting, but no idle seat may go to them under the other rules.</source>
        <translation>
            <numerusform>%n détenteur attend, mais aucun siège inactif ne peut lui revenir selon les autres règles.</numerusform>
            <numerusform>%n détenteurs attendent, mais aucun siège inactif ne peut leur revenir selon les autres règles.</numerusform>
        </translation>
    </message>
    <message>
        <source>for an unknown time</source>
        <translation>une durée inconnue</translation>
    </message>
    <message>
        <source>Right now this would mark %1, idle %2, for %3, waiting %4.</source>
        <translation>En ce moment, cela marquerait %1, inactif depuis %2, pour %3, qui attend depuis %4.</translation>
    </message>
    <message numerus="yes">
        <source>%1 would be warned and lose the seat in %n minute(s) unless it is used.</source>
        <translation>
            <numerusform>%1 serait averti et perdrait le siège dans %n minute s’il ne s’en sert pas.</numerusform>
            <numerusform>%1 serait averti et perdrait le siège dans %n minutes s’il ne s’en sert pas.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is marked, idle %2, for %3, waiting %4.</source>
        <translation>%1 est marqué, inactif depuis %2, pour %3, qui attend depuis %4.</translation>
    </message>
    <message>
        <source>Right now this would take the seat of %1, idle %2, for %3, waiting %4.</source>
        <translation>En ce moment, cela reprendrait le siège de %1, inactif depuis %2, pour %3, qui attend depuis %4.</translation>
    </message>
    <message>
        <source>Right now this would lift the mark on the seat of %1: it was used since.</source>
        <translation>En ce moment, cela lèverait la marque sur le siège de %1 : il a servi depuis.</translation>
    </message>
    <message>
        <source>Right now this would lift the mark on the seat of %1: the rules no longer reclaim it.</source>
        <translation>En ce moment, cela lèverait la marque sur le siège de %1 : les règles ne le reprennent plus.</translation>
    </message>
    <message>
        <source>Right now this would lift the mark on the seat of %1: nobody who may take it is waiting.</source>
        <translation>En ce moment, cela lèverait la marque sur le siège de %1 : plus personne pouvant le prendre n’attend.</translation>
    </message>
    <message>
        <source>%1 has been idle %2, but everyone waiting can have a free seat: nothing would be reclaimed.</source>
        <translation>%1 est inactif depuis %2, mais il y a un siège libre pour chacun de ceux qui attendent : rien ne serait repris.</translation>
    </message>
    <message>
        <source>No start: valid as soon as it is created</source>
        <translation>Pas de début : valable dès sa création</translation>
    </message>
    <message>
        <source>No end: never expires</source>
        <translation>Pas de fin : n&apos;expire jamais</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucune</translation>
    </message>
    <message>
        <source>&amp;Valid from:</source>
        <translation>&amp;Valable à partir du :</translation>
    </message>
    <message>
        <source>Valid unti&amp;l:</source>
        <translation>Vala&amp;ble jusqu&apos;au :</translation>
    </message>
    <message>
        <source>Maint&amp;enance until:</source>
        <translation>Maint&amp;enance jusqu&apos;au :</translation>
    </message>
    <message>
        <source>Checkouts are refused before this time (UTC).</source>
        <translation>Les emprunts sont refusés avant ce moment (UTC).</translation>
    </message>
    <message>
        <source>From this time (UTC) checkouts are refused and held seats are not renewed; leases never last beyond it.</source>
        <translation>À partir de ce moment (UTC), les emprunts sont refusés et les sièges tenus ne sont plus renouvelés ; aucun bail ne dure au-delà.</translation>
    </message>
    <message>
        <source>When maintenance ends (UTC). Shown only; refuses nothing.</source>
        <translation>Fin de la maintenance (UTC). Seulement affichée ; ne refuse rien.</translation>
    </message>
    <message>
        <source>The license must end after it starts: set Valid until later than Valid from.</source>
        <translation>La licence doit se terminer après son début : mettez « Valable jusqu&apos;au » après « Valable à partir du ».</translation>
    </message>
    <message>
        <source>Saving lifts the mark on the seat of %1.</source>
        <translation>L’enregistrement lève la marque sur le siège de %1.</translation>
    </message>
    <message numerus="yes">
        <source>The seat goes at %1 (in %n minute(s)) unless it is used.</source>
        <translation>
            <numerusform>Le siège part à %1 (dans %n minute) s’il n’est pas utilisé d’ici là.</numerusform>
            <numerusform>Le siège part à %1 (dans %n minutes) s’il n’est pas utilisé d’ici là.</numerusform>
        </translation>
    </message>
    <message>
        <source>Seats may be &amp;borrowed (taken offline on a laptop)</source>
        <translation>Les sièges peuvent être &amp;empruntés (emportés hors ligne sur un portable)</translation>
    </message>
    <message>
        <source> days</source>
        <translation> jours</translation>
    </message>
    <message>
        <source>Anyone admitted (or groups, separated by spaces)</source>
        <translation>Toute personne admise (ou des groupes, séparés par des espaces)</translation>
    </message>
    <message>
        <source>A borrowed seat is a signed lease a laptop keeps for whole days without the server. It stays counted until it is returned or expires, and cannot be revoked before.</source>
        <translation>Un siège emprunté est un bail signé qu&apos;un portable garde des jours entiers sans le serveur. Il reste compté jusqu&apos;à son retour ou son expiration, et ne peut pas être révoqué avant.</translation>
    </message>
    <message>
        <source>The longest borrow a holder may ask for, in whole days.</source>
        <translation>L&apos;emprunt le plus long qu&apos;un détenteur peut demander, en jours entiers.</translation>
    </message>
    <message>
        <source>How many seats may be borrowed at the same time.</source>
        <translation>Combien de sièges peuvent être empruntés en même temps.</translation>
    </message>
    <message>
        <source>Seats that always stay for ordinary checkouts on site: borrowing never takes them.</source>
        <translation>Les sièges toujours réservés aux attributions ordinaires sur site : l&apos;emprunt ne les prend jamais.</translation>
    </message>
    <message>
        <source>When set, only members of these holder groups may borrow.</source>
        <translation>Si renseigné, seuls les membres de ces groupes de détenteurs peuvent emprunter.</translation>
    </message>
    <message>
        <source>For at most:</source>
        <translation>Pour au plus :</translation>
    </message>
    <message>
        <source>At most borrowed at &amp;once:</source>
        <translation>Empruntés au plus à la &amp;fois :</translation>
    </message>
    <message>
        <source>Always &amp;keep on site:</source>
        <translation>Toujours &amp;garder sur site :</translation>
    </message>
    <message>
        <source>Groups that may borro&amp;w:</source>
        <translation>Groupes autorisés à empr&amp;unter :</translation>
    </message>
    <message>
        <source>Borrowing</source>
        <translation>Emprunt</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a group name: list holder groups separated by spaces.</source>
        <translation>« %1 » n&apos;est pas un nom de groupe : indiquez des groupes de détenteurs séparés par des espaces.</translation>
    </message>
    <message>
        <source>No seat may be borrowed.</source>
        <translation>Aucun siège ne peut être emprunté.</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n jour</numerusform>
            <numerusform>%n jours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Up to %n seat(s) may be borrowed at once, each for at most %1; seats always kept on site: %2.</source>
        <translation>
            <numerusform>Jusqu&apos;à %n siège peut être emprunté à la fois, chacun pour %1 au plus ; sièges toujours gardés sur site : %2.</numerusform>
            <numerusform>Jusqu&apos;à %n sièges peuvent être empruntés à la fois, chacun pour %1 au plus ; sièges toujours gardés sur site : %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>From 1 to %1 days</source>
        <translation>De 1 à %1 jours</translation>
    </message>
    <message>
        <source>A seat may be borrowed for 1 to %1 days, not %2.</source>
        <translation>Un siège peut être emprunté de 1 à %1 jours, pas %2.</translation>
    </message>
    <message>
        <source>At most 0 borrowed at once would lend nothing: allow at least 1, or switch borrowing off.</source>
        <translation>Au plus 0 emprunté à la fois ne prêterait rien : autorisez-en au moins 1, ou désactivez l&apos;emprunt.</translation>
    </message>
    <message numerus="yes">
        <source>Keeping %1 seats on site, more than the %n the license has, leaves none to borrow: keep fewer, or switch borrowing off.</source>
        <translation>
            <numerusform>Garder %1 sièges sur site, plus que le %n siège de la licence, n&apos;en laisse aucun à emprunter : gardez-en moins, ou désactivez l&apos;emprunt.</numerusform>
            <numerusform>Garder %1 sièges sur site, plus que les %n de la licence, n&apos;en laisse aucun à emprunter : gardez-en moins, ou désactivez l&apos;emprunt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keeping all %n seat(s) on site leaves none to borrow: keep fewer, or switch borrowing off.</source>
        <translation>
            <numerusform>Garder sur site le seul siège n&apos;en laisse aucun à emprunter : gardez-en moins, ou désactivez l&apos;emprunt.</numerusform>
            <numerusform>Garder sur site les %n sièges n&apos;en laisse aucun à emprunter : gardez-en moins, ou désactivez l&apos;emprunt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Up to %n seat(s) may be borrowed at once, each for at most %1, by members of %3; seats always kept on site: %2.</source>
        <translation>
            <numerusform>Jusqu&apos;à %n siège peut être emprunté à la fois, chacun pour %1 au plus, par les membres de %3 ; sièges toujours gardés sur site : %2.</numerusform>
            <numerusform>Jusqu&apos;à %n sièges peuvent être empruntés à la fois, chacun pour %1 au plus, par les membres de %3 ; sièges toujours gardés sur site : %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A maximum of %1 at once is more than the %n seat(s) not kept on site.</source>
        <translation>
            <numerusform>Un maximum de %1 à la fois dépasse le seul siège non gardé sur site.</numerusform>
            <numerusform>Un maximum de %1 à la fois dépasse les %n sièges non gardés sur site.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A maximum of %1 at once is more than the %n seat(s) of the license.</source>
        <translation>
            <numerusform>Un maximum de %1 à la fois dépasse le seul siège de la licence.</numerusform>
            <numerusform>Un maximum de %1 à la fois dépasse les %n sièges de la licence.</numerusform>
        </translation>
    </message>
    <message>
        <source>&quot;%1&quot;</source>
        <comment>a group name quoted in a sentence</comment>
        <translation>« %1 »</translation>
    </message>
    <message>
        <source>%1 are not group names: list holder groups separated by spaces.</source>
        <translation>%1 ne sont pas des noms de groupes : indiquez des groupes de détenteurs séparés par des espaces.</translation>
    </message>
    <message>
        <source>There is no holder group &quot;%1&quot;: create it with &quot;Holder groups…&quot; first.</source>
        <translation>Il n&apos;existe pas de groupe de détenteurs « %1 » : créez-le d&apos;abord avec « Groupes de détenteurs… ».</translation>
    </message>
    <message>
        <source>There are no holder groups %1: create them with &quot;Holder groups…&quot; first.</source>
        <translation>Il n&apos;existe pas de groupes de détenteurs %1 : créez-les d&apos;abord avec « Groupes de détenteurs… ».</translation>
    </message>
    <message>
        <source>The group &quot;%1&quot; is listed more than once among the groups that may borrow.</source>
        <translation>Le groupe « %1 » figure plusieurs fois parmi les groupes autorisés à emprunter.</translation>
    </message>
    <message>
        <source>The groups %1 are each listed more than once among the groups that may borrow.</source>
        <translation>Les groupes %1 figurent chacun plusieurs fois parmi les groupes autorisés à emprunter.</translation>
    </message>
</context>
<context>
    <name>keyright::LicenseListModel</name>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Lease lifetime: a client must renew within this time</source>
        <translation>Durée du bail : un client doit le renouveler dans ce délai</translation>
    </message>
    <message>
        <source>Clock skew tolerated: a lease still counts this long after it expires</source>
        <translation>Décalage d&apos;horloge toléré : un bail compte encore tout ce temps après son expiration</translation>
    </message>
    <message>
        <source>Reap grace: an expired row is deleted this long after it expires</source>
        <translation>Délai de grâce : une ligne expirée est supprimée tout ce temps après son expiration</translation>
    </message>
    <message>
        <source>Checkouts refused in the last hour because every seat was taken</source>
        <translation>Demandes de siège refusées dans la dernière heure faute de siège libre</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Sièges</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>Durée</translation>
    </message>
    <message>
        <source>Skew</source>
        <translation>Décalage</translation>
    </message>
    <message>
        <source>Grace</source>
        <translation>Grâce</translation>
    </message>
    <message>
        <source>Denied (1 h)</source>
        <translation>Refus (1 h)</translation>
    </message>
    <message>
        <source>Denials in the last hour</source>
        <translation>Refus dans la dernière heure</translation>
    </message>
    <message numerus="yes">
        <source>%n reserved and idle: only their group may take them</source>
        <translation>
            <numerusform>%n réservé et inoccupé : seul son groupe peut le prendre</numerusform>
            <numerusform>%n réservés et inoccupés : seul leur groupe peut les prendre</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n free for anyone admitted</source>
        <translation>
            <numerusform>%n&#xa0;libre pour toute personne admise</numerusform>
            <numerusform>%n&#xa0;libres pour toute personne admise</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting in line</source>
        <translation>
            <numerusform>%n en file d&apos;attente</numerusform>
            <numerusform>%n en file d&apos;attente</numerusform>
        </translation>
    </message>
    <message>
        <source>As of %1: the server has not answered since.</source>
        <translation>Au %1 : le serveur n&apos;a plus répondu depuis.</translation>
    </message>
    <message numerus="yes">
        <source>%1 in use then; %n still live now by their last leases</source>
        <translation>
            <numerusform>%1 utilisés alors ; %n encore actif selon son dernier bail</numerusform>
            <numerusform>%1 utilisés alors ; %n encore actifs selon leurs derniers baux</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n seat(s) in use (live leases only)</source>
        <translation>
            <numerusform>%1 siège utilisé sur %n (baux actifs seulement)</numerusform>
            <numerusform>sièges utilisés : %1 sur %n (baux actifs seulement)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  %1: %2 of %n reserved seat(s) in use</source>
        <translation>
            <numerusform>  %1 : %2 siège réservé utilisé sur %n</numerusform>
            <numerusform>  %1 : sièges réservés utilisés : %2 sur %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At least %1 of the %n reserved seat(s) idle (select the license for the exact split)</source>
        <translation>
            <numerusform>Au moins %1 siège réservé inoccupé sur %n (sélectionnez la licence pour la répartition exacte)</numerusform>
            <numerusform>Au moins %1 des %n sièges réservés inoccupés (sélectionnez la licence pour la répartition exacte)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them borrowed: away on laptops until they are returned or expire</source>
        <translation>
            <numerusform>dont %n emprunté : parti sur un portable jusqu&apos;à son retour ou son expiration</numerusform>
            <numerusform>dont %n empruntés : partis sur des portables jusqu&apos;à leur retour ou leur expiration</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
License id: %2</source>
        <translation>%1
Identifiant de licence : %2</translation>
    </message>
    <message>
        <source>A simulator sandbox: the simulator&apos;s scenarios take and refuse its seats for training, so a full sandbox says nothing about anyone&apos;s use. Listed after the real licenses.</source>
        <translation>Bac à sable du simulateur : les scénarios du simulateur y prennent et y refusent des sièges pour la formation, si bien qu&apos;un bac à sable plein ne dit rien de l&apos;usage de quiconque. Listé après les vraies licences.</translation>
    </message>
</context>
<context>
    <name>keyright::LicenseValidity</name>
    <message>
        <source>%1 is valid from %2; ask your license admin</source>
        <translation>%1 est valable à partir du %2 ; adressez-vous à l&apos;administrateur des licences</translation>
    </message>
    <message>
        <source>%1 expired on %2; ask your license admin</source>
        <translation>%1 a expiré le %2 ; adressez-vous à l&apos;administrateur des licences</translation>
    </message>
</context>
<context>
    <name>keyright::MainWindow</name>
    <message>
        <source>About Keyright admin</source>
        <translation>À propos de Keyright admin</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Keyright admin %1&lt;/h3&gt;&lt;p&gt;Floating-license seats as signed leases: who holds each seat, until when, and why a checkout was refused.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Keyright admin %1&lt;/h3&gt;&lt;p&gt;Les sièges de licence flottante sous forme de baux signés : qui détient chaque siège, jusqu&apos;à quand, et pourquoi une demande a été refusée.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Keyright admin</source>
        <translation>Keyright admin</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Sièges</translation>
    </message>
    <message>
        <source>Events and disputes</source>
        <translation>Événements</translation>
    </message>
    <message>
        <source>&amp;Server</source>
        <translation>&amp;Serveur</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Licenses</source>
        <translation>&amp;Licences</translation>
    </message>
    <message>
        <source>&amp;Holders</source>
        <translation>&amp;Détenteurs</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;ide</translation>
    </message>
    <message>
        <source>&amp;Poll every</source>
        <translation>&amp;Intervalle d&apos;interrogation</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>Barre d&apos;outils principale</translation>
    </message>
    <message>
        <source>&amp;Connect to a server…</source>
        <translation>Se &amp;connecter à un serveur…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Connexion</translation>
    </message>
    <message>
        <source>Use the &amp;embedded demo server</source>
        <translation>Utiliser le serveur de démonstration &amp;intégré</translation>
    </message>
    <message>
        <source>&amp;Export events as CSV…</source>
        <translation>&amp;Exporter les événements en CSV…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualiser</translation>
    </message>
    <message>
        <source>Poll the server now (F5)</source>
        <translation>Interroger le serveur maintenant (F5)</translation>
    </message>
    <message>
        <source>&amp;Filter holders</source>
        <translation>&amp;Filtrer les détenteurs</translation>
    </message>
    <message>
        <source>&amp;New license…</source>
        <translation>&amp;Nouvelle licence…</translation>
    </message>
    <message>
        <source>New license</source>
        <translation>Nouvelle licence</translation>
    </message>
    <message>
        <source>&amp;Edit license…</source>
        <translation>&amp;Modifier la licence…</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Rotate license &amp;key…</source>
        <translation>Renouveler la &amp;clé de licence…</translation>
    </message>
    <message>
        <source>&amp;Revoke seat…</source>
        <translation>&amp;Révoquer le siège…</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Révoquer</translation>
    </message>
    <message>
        <source>Revoke the selected seat (Delete)</source>
        <translation>Révoquer le siège sélectionné (Suppr)</translation>
    </message>
    <message>
        <source>&amp;Force reap…</source>
        <translation>&amp;Forcer le nettoyage…</translation>
    </message>
    <message>
        <source>Force reap</source>
        <translation>Forcer le nettoyage</translation>
    </message>
    <message>
        <source>Reclaim expired seats now (Ctrl+R)</source>
        <translation>Récupérer maintenant les sièges expirés (Ctrl+R)</translation>
    </message>
    <message>
        <source>&amp;About Keyright admin</source>
        <translation>À &amp;propos de Keyright admin</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>The server this dashboard polls</source>
        <translation>Le serveur interrogé par ce tableau de bord</translation>
    </message>
    <message>
        <source>The server&apos;s clock minus this computer&apos;s, measured from the round trip of GET /v1/time. Countdowns use the server&apos;s clock.</source>
        <translation>L&apos;horloge du serveur moins celle de cet ordinateur, mesurée sur l&apos;aller-retour de GET /v1/time. Les comptes à rebours suivent l&apos;horloge du serveur.</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Non connecté</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>connexion en cours</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>connecté</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>ne répond pas</translation>
    </message>
    <message>
        <source>No poll yet</source>
        <translation>Aucune interrogation pour l’instant</translation>
    </message>
    <message>
        <source>Clock offset not measured yet</source>
        <translation>Écart d&apos;horloge pas encore mesuré</translation>
    </message>
    <message>
        <source>Revoke seat</source>
        <translation>Révoquer le siège</translation>
    </message>
    <message>
        <source>The seat of %1 was not revoked: %2</source>
        <translation>Le siège de %1 n&apos;a pas été révoqué : %2</translation>
    </message>
    <message>
        <source>Revoked the seat of %1.</source>
        <translation>Siège de %1 révoqué.</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) reclaimed.</source>
        <translation>
            <numerusform>%n siège récupéré.</numerusform>
            <numerusform>%n sièges récupérés.</numerusform>
        </translation>
    </message>
    <message>
        <source>The license was not created: %1</source>
        <translation>La licence n&apos;a pas été créée : %1</translation>
    </message>
    <message>
        <source>Edit license</source>
        <translation>Modifier la licence</translation>
    </message>
    <message>
        <source>The license was not changed: %1</source>
        <translation>La licence n&apos;a pas été modifiée : %1</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 enregistrée.</translation>
    </message>
    <message>
        <source>Rotate license key</source>
        <translation>Renouveler la clé de licence</translation>
    </message>
    <message>
        <source>Give %1 a new key? Applications using the old key can no longer check out or renew seats until they are given the new one.</source>
        <translation>Donner une nouvelle clé à %1 ? Les applications qui utilisent l&apos;ancienne ne pourront plus prendre ni renouveler de sièges tant qu&apos;elles n&apos;auront pas la nouvelle.</translation>
    </message>
    <message>
        <source>The key was not rotated: %1</source>
        <translation>La clé n&apos;a pas été renouvelée : %1</translation>
    </message>
    <message>
        <source>Cannot read the admin token of %1</source>
        <translation>Impossible de lire le jeton d&apos;administration de %1</translation>
    </message>
    <message>
        <source>Access &amp;tokens…</source>
        <translation>&amp;Jetons d&apos;accès…</translation>
    </message>
    <message>
        <source>The token this dashboard uses, and its role</source>
        <translation>Le jeton qu&apos;utilise ce tableau de bord, et son rôle</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Needs the %1 role; this token (%2) has the %3 role.</source>
        <translation>Nécessite le rôle %1 ; ce jeton (%2) a le rôle %3.</translation>
    </message>
    <message>
        <source>the server refused the token</source>
        <translation>le serveur a refusé le jeton</translation>
    </message>
    <message>
        <source>answering with errors</source>
        <translation>répond par des erreurs</translation>
    </message>
    <message>
        <source> · via %1</source>
        <translation> · via %1</translation>
    </message>
    <message>
        <source>The server this dashboard polls: %1</source>
        <translation>Le serveur interrogé par ce tableau de bord : %1</translation>
    </message>
    <message>
        <source>Server clock %1%2 ms (±%3 ms)</source>
        <translation>Horloge serveur %1%2 ms (±%3 ms)</translation>
    </message>
    <message>
        <source>Clock jump: %1 (%2)</source>
        <translation>Saut d&apos;horloge : %1 (%2)</translation>
    </message>
    <message>
        <source>The server saw its own clock jump. Its leases keep following real elapsed time; the Events page lists every jump.</source>
        <translation>Le serveur a vu sa propre horloge faire un saut. Ses baux continuent de suivre le temps réellement écoulé ; la page des événements liste chaque saut.</translation>
    </message>
    <message>
        <source>The dashboard stopped polling.</source>
        <translation>Le tableau de bord a cessé d&apos;interroger le serveur.</translation>
    </message>
    <message>
        <source>The dashboard stopped polling; the data shown is as of %1.</source>
        <translation>Le tableau de bord a cessé d&apos;interroger le serveur ; les données affichées datent de %1.</translation>
    </message>
    <message>
        <source>No poll has succeeded yet on this connection.</source>
        <translation>Aucune interrogation n&apos;a encore réussi sur cette connexion.</translation>
    </message>
    <message>
        <source>The data shown is as of %1.</source>
        <translation>Les données affichées datent de %1.</translation>
    </message>
    <message>
        <source>Holder &amp;groups…</source>
        <translation>&amp;Groupes de détenteurs…</translation>
    </message>
    <message>
        <source>Saved the holder groups.</source>
        <translation>Groupes de détenteurs enregistrés.</translation>
    </message>
    <message>
        <source>Seat rules</source>
        <translation>Règles de sièges</translation>
    </message>
    <message>
        <source>The seat rules could not be read: %1</source>
        <translation>Les règles de sièges n&apos;ont pas pu être lues : %1</translation>
    </message>
    <message>
        <source>Holder groups</source>
        <translation>Groupes de détenteurs</translation>
    </message>
    <message>
        <source>The holder groups were not saved: %1</source>
        <translation>Les groupes de détenteurs n&apos;ont pas été enregistrés : %1</translation>
    </message>
    <message>
        <source>The license was saved but its seat rules were not: %1</source>
        <translation>La licence a été enregistrée, mais pas ses règles de sièges : %1</translation>
    </message>
    <message>
        <source>Read only: editing needs the %1 role; this token (%2) has the %3 role.</source>
        <translation>Lecture seule : la modification demande le rôle %1 ; ce jeton (%2) a le rôle %3.</translation>
    </message>
    <message>
        <source>Cannot use the certificate authorities of %1</source>
        <translation>Impossible d&apos;utiliser les autorités de certification de %1</translation>
    </message>
    <message>
        <source>Unknown certificate</source>
        <translation>Certificat inconnu</translation>
    </message>
    <message>
        <source>%1 presents a certificate that no certificate authority on this computer vouches for.</source>
        <translation>%1 présente un certificat qu&apos;aucune autorité de certification de cet ordinateur ne garantit.</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint:
%1

Trust it only if it is the fingerprint of the server&apos;s certificate (on the server: openssl x509 -noout -fingerprint -sha256 -in CERTIFICATE). Once trusted, another certificate at this address is refused.</source>
        <translation>Empreinte SHA-256 :
%1

Ne lui faites confiance que si c&apos;est l&apos;empreinte du certificat du serveur (sur le serveur : openssl x509 -noout -fingerprint -sha256 -in CERTIFICAT). Une fois accepté, tout autre certificat à cette adresse est refusé.</translation>
    </message>
    <message>
        <source>&amp;Trust for %1</source>
        <translation>&amp;Faire confiance pour %1</translation>
    </message>
    <message>
        <source>&amp;Trust this certificate</source>
        <translation>&amp;Faire confiance à ce certificat</translation>
    </message>
    <message>
        <source>Connect to a server (Ctrl+K)</source>
        <translation>Se connecter à un serveur (Ctrl+K)</translation>
    </message>
    <message>
        <source>&amp;Filter events by holder</source>
        <translation>&amp;Filtrer les événements par détenteur</translation>
    </message>
    <message>
        <source>Filter the events by holder (Ctrl+F)</source>
        <translation>Filtrer les événements par détenteur (Ctrl+F)</translation>
    </message>
    <message>
        <source>Filter the holders of the selected licenses (Ctrl+F)</source>
        <translation>Filtrer les détenteurs des licences sélectionnées (Ctrl+F)</translation>
    </message>
    <message>
        <source>connection refused: certificate not trusted</source>
        <translation>connexion refusée : certificat non approuvé</translation>
    </message>
    <message>
        <source>Database clock jumped (%1)</source>
        <translation>L&apos;horloge de la base de données a sauté (%1)</translation>
    </message>
    <message>
        <source>The database&apos;s clock jumped: every instance on this database decides leases with it. Leases keep following real elapsed time; the Events page lists every jump.</source>
        <translation>L&apos;horloge de la base de données a fait un saut : chaque instance sur cette base de données décide des baux avec elle. Les baux continuent de suivre le temps réellement écoulé ; la page des événements liste chaque saut.</translation>
    </message>
    <message>
        <source>Server&apos;s monotonic clock jumped (%1)</source>
        <translation>L&apos;horloge monotone du serveur a sauté (%1)</translation>
    </message>
    <message>
        <source>The server saw its own monotonic clock go back. Its leases keep following real elapsed time; the Events page lists every jump.</source>
        <translation>Le serveur a vu sa propre horloge monotone reculer. Ses baux continuent de suivre le temps réellement écoulé ; la page des événements liste chaque saut.</translation>
    </message>
    <message>
        <source>Server clock jumped (%1)</source>
        <translation>L&apos;horloge du serveur a sauté (%1)</translation>
    </message>
    <message>
        <source>If the server&apos;s certificate was replaced on purpose, open Server → Connect to a server… (Ctrl+K), select this server and press Forget under Trusted certificates, then connect: the new certificate is shown with its fingerprint to confirm.</source>
        <translation>Si le certificat du serveur a été remplacé exprès, ouvrez Serveur → Se connecter à un serveur… (Ctrl+K), sélectionnez ce serveur et appuyez sur Oublier à côté de Certificats de confiance, puis connectez-vous : le nouveau certificat s&apos;affiche avec son empreinte à confirmer.</translation>
    </message>
    <message>
        <source>You did not trust this certificate. To be asked again, connect again with Server → Connect to a server… (Ctrl+K), or give the profile the CA file that signed it.</source>
        <translation>Vous n&apos;avez pas fait confiance à ce certificat. Pour que la question revienne, reconnectez-vous avec Serveur → Se connecter à un serveur… (Ctrl+K), ou donnez au profil le fichier d&apos;autorités qui l&apos;a signé.</translation>
    </message>
    <message>
        <source>The server answers again after %1 s without an answer; the data shown is current.</source>
        <translation>Le serveur répond de nouveau après %1 s sans réponse ; les données affichées sont à jour.</translation>
    </message>
    <message numerus="yes">
        <source>%n failed poll(s) in a row; next try in %1 s.</source>
        <translation>
            <numerusform>%n interrogation échouée d&apos;affilée ; prochain essai dans %1 s.</numerusform>
            <numerusform>%n interrogations échouées d&apos;affilée ; prochain essai dans %1 s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed poll(s) in a row; trying again now.</source>
        <translation>
            <numerusform>%n interrogation échouée d&apos;affilée ; nouvel essai en cours.</numerusform>
            <numerusform>%n interrogations échouées d&apos;affilée ; nouvel essai en cours.</numerusform>
        </translation>
    </message>
    <message>
        <source>Created the license %1.</source>
        <translation>Licence %1 créée.</translation>
    </message>
    <message>
        <source>Revoking a seat needs the %1 role; this token (%2) has the %3 role.</source>
        <translation>Révoquer un siège nécessite le rôle %1 ; ce jeton (%2) a le rôle %3.</translation>
    </message>
    <message>
        <source>The dashboard is not connected to a server.</source>
        <translation>Le tableau de bord n&apos;est connecté à aucun serveur.</translation>
    </message>
    <message>
        <source>Embedded demo server</source>
        <translation>Serveur de démo intégré</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>Utilisation</translation>
    </message>
    <message>
        <source>&amp;Usage history</source>
        <translation>Historique d&apos;&amp;utilisation</translation>
    </message>
    <message>
        <source>Usage of a license over days or months, and the seats it needs (Ctrl+U)</source>
        <translation>Utilisation d&apos;une licence sur des jours ou des mois, et les sièges dont elle a besoin (Ctrl+U)</translation>
    </message>
    <message>
        <source>Polled %1 s ago, every %2 s</source>
        <translation>Interrogé il y a %1 s, toutes les %2 s</translation>
    </message>
    <message>
        <source>Last poll at %1 (%2 s ago), answered in %3 ms; the dashboard polls every %4 s</source>
        <translation>Dernière interrogation à %1 (il y a %2 s), réponse en %3 ms ; le tableau de bord interroge toutes les %4 s</translation>
    </message>
    <message>
        <source>Holder&apos;s &amp;timeline…</source>
        <translation>&amp;Chronologie du détenteur…</translation>
    </message>
    <message>
        <source>Every seat and event of the selected holder over a range; asks for a holder when none is selected (Ctrl+T)</source>
        <translation>Chaque siège et chaque événement du détenteur sélectionné sur une période ; demande un détenteur si aucun n&apos;est sélectionné (Ctrl+T)</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>Alertes</translation>
    </message>
    <message>
        <source>&amp;Alerts</source>
        <translation>&amp;Alertes</translation>
    </message>
    <message>
        <source>The alerts firing now and those of the last days, and the alert rules (Ctrl+L)</source>
        <translation>Les alertes en cours et celles des derniers jours, et les règles d’alerte (Ctrl+L)</translation>
    </message>
    <message numerus="yes">
        <source> · %n of %1 instances up</source>
        <translation>
            <numerusform> · %n instance sur %1 en service</numerusform>
            <numerusform> · %n instances sur %1 en service</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n without database</source>
        <translation>
            <numerusform> · %n sans base de données</numerusform>
            <numerusform> · %n sans base de données</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>The server answers without errors again after %1 s of errors; the data shown is current.</source>
        <translation>Le serveur répond de nouveau sans erreur après %1 s d&apos;erreurs ; les données affichées sont à jour.</translation>
    </message>
    <message>
        <source>Borrowed seat</source>
        <translation>Siège emprunté</translation>
    </message>
    <message>
        <source>The seat of %1 is borrowed until %2 and cannot be revoked.</source>
        <translation>Le siège de %1 est emprunté jusqu&apos;au %2 et ne peut pas être révoqué.</translation>
    </message>
    <message>
        <source>The laptop holds a signed lease that the server cannot recall: it keeps working offline until %1, so the seat stays counted until then. Ask %2 to return it early (keyright return), or wait for it to expire.</source>
        <translation>Le portable détient un bail signé que le serveur ne peut pas rappeler : il fonctionne hors ligne jusqu&apos;au %1, et le siège reste compté jusque-là. Demandez à %2 de le rendre plus tôt (keyright return), ou attendez son expiration.</translation>
    </message>
    <message>
        <source>&amp;Write off borrowed seat…</source>
        <translation>&amp;Déclarer perdu le siège emprunté…</translation>
    </message>
    <message>
        <source>Write off</source>
        <translation>Déclarer perdu</translation>
    </message>
    <message>
        <source>Write off the selected borrowed seat, its laptop lost or its lease file damaged: it stays counted until its expiry (Shift+Delete)</source>
        <translation>Déclarer perdu le siège emprunté sélectionné, son portable ayant disparu ou son fichier de bail étant abîmé : il reste compté jusqu&apos;à son expiration (Maj+Suppr)</translation>
    </message>
    <message>
        <source>Wrote off the borrowed seat of %1: it stays counted until %2.</source>
        <translation>Siège emprunté de %1 déclaré perdu : il reste compté jusqu&apos;au %2.</translation>
    </message>
    <message>
        <source>Write off borrowed seat</source>
        <translation>Déclarer perdu un siège emprunté</translation>
    </message>
    <message>
        <source>The seat of %1 was not written off: %2</source>
        <translation>Le siège de %1 n&apos;a pas été déclaré perdu : %2</translation>
    </message>
    <message>
        <source>&amp;Write off…</source>
        <translation>&amp;Déclarer perdu…</translation>
    </message>
    <message>
        <source>Only a borrowed seat that is not written off yet can be written off; revoke an ordinary seat instead.</source>
        <translation>Seul un siège emprunté qui n&apos;est pas encore déclaré perdu peut l&apos;être ; révoquez plutôt un siège ordinaire.</translation>
    </message>
    <message>
        <source>The database is back after %1 s; the data shown is current.</source>
        <translation>La base de données est revenue après %1 s ; données à jour.</translation>
    </message>
    <message>
        <source>Alerts (%1)</source>
        <comment>the firing alerts not acknowledged</comment>
        <translation>Alertes (%1)</translation>
    </message>
    <message>
        <source>Select a holder&apos;s seat on the Seats page to revoke it.</source>
        <translation>Sélectionnez le siège d&apos;un détenteur sur la page Sièges pour le révoquer.</translation>
    </message>
    <message>
        <source>A borrowed seat cannot be revoked: it comes back when it is returned or expires.</source>
        <translation>Un siège emprunté ne peut pas être révoqué : il revient quand il est rendu ou qu&apos;il expire.</translation>
    </message>
    <message>
        <source>Wrote off the seat of %1.</source>
        <translation>Siège de %1 déclaré perdu.</translation>
    </message>
</context>
<context>
    <name>keyright::QueueTableModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>dans %1</translation>
    </message>
    <message>
        <source>lapsed %1 ago</source>
        <translation>échu il y a %1</translation>
    </message>
    <message>
        <source>seat held for it</source>
        <translation>siège retenu pour lui</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>en attente</translation>
    </message>
    <message>
        <source>A seat is held for this ticket; the waiter&apos;s next renewal gets the lease</source>
        <translation>Un siège est retenu pour ce ticket ; le prochain renouvellement du demandeur obtient le bail</translation>
    </message>
    <message>
        <source>Position %1 of %2 waiting</source>
        <translation>Position %1 sur %2 en attente</translation>
    </message>
    <message>
        <source>Queued at %1; gives up at %2</source>
        <translation>En file depuis %1 ; abandon à %2</translation>
    </message>
    <message>
        <source>The ticket is dropped unless its waiter renews it by %1 (a crashed waiter never blocks the line)</source>
        <translation>Le ticket est retiré si son demandeur ne le renouvelle pas avant %1 (un demandeur planté ne bloque jamais la file)</translation>
    </message>
    <message>
        <source>Seat %1 is held for this waiter</source>
        <translation>Le siège %1 est retenu pour ce demandeur</translation>
    </message>
    <message>
        <source>Waiting for a seat the rules let this holder take</source>
        <translation>Attend un siège que les règles laissent prendre à ce détenteur</translation>
    </message>
    <message>
        <source>#</source>
        <translation>N°</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Détenteur</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Waiting since</source>
        <translation>En attente depuis</translation>
    </message>
    <message>
        <source>Ticket expires</source>
        <translation>Expiration du ticket</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
</context>
<context>
    <name>keyright::ReapDialog</name>
    <message>
        <source>Force reap</source>
        <translation>Forcer le nettoyage</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Détenteur</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Siège</translation>
    </message>
    <message>
        <source>Expired at</source>
        <translation>Expiré le</translation>
    </message>
    <message>
        <source>Reapable since</source>
        <translation>Nettoyable depuis</translation>
    </message>
    <message>
        <source>Looking for expired leases past their reap grace…</source>
        <translation>Recherche des baux expirés au-delà de leur délai de grâce…</translation>
    </message>
    <message>
        <source>Could not preview: %1</source>
        <translation>Impossible d&apos;afficher l&apos;aperçu : %1</translation>
    </message>
    <message>
        <source>Nothing to reclaim: no lease is past its expiry and reap grace.</source>
        <translation>Rien à récupérer : aucun bail n&apos;a dépassé son expiration et son délai de grâce.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message numerus="yes">
        <source>%n expired lease row(s) would be deleted. None of them counts against its license any more; reaping tidies the table and the events say who left without releasing.</source>
        <translation>
            <numerusform>%n ligne de bail expiré serait supprimée. Elle n&apos;est plus décomptée de sa licence ; le nettoyage range la table et les événements disent qui est parti sans libérer.</numerusform>
            <numerusform>%n lignes de baux expirés seraient supprimées. Aucune n&apos;est plus décomptée de sa licence ; le nettoyage range la table et les événements disent qui est parti sans libérer.</numerusform>
        </translation>
    </message>
    <message>
        <source>Reap failed: %1</source>
        <translation>Le nettoyage a échoué : %1</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) reclaimed.</source>
        <translation>
            <numerusform>%n siège récupéré.</numerusform>
            <numerusform>%n sièges récupérés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete expired rows</source>
        <translation>Supprimer les lignes expirées</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n expired row(s)</source>
        <translation>
            <numerusform>Supprimer %n ligne expirée</numerusform>
            <numerusform>Supprimer %n lignes expirées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n previewed row(s) were gone already: another reap deleted them after the preview.</source>
        <translation>
            <numerusform>%n ligne de l&apos;aperçu avait déjà disparu : un autre nettoyage l&apos;a supprimée après l&apos;aperçu.</numerusform>
            <numerusform>%n lignes de l&apos;aperçu avaient déjà disparu : un autre nettoyage les a supprimées après l&apos;aperçu.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n previewed row(s) were already reclaimed by the periodic reaper at %1.</source>
        <translation>
            <numerusform>%n ligne de l&apos;aperçu était déjà récupérée par le nettoyage périodique à %1.</numerusform>
            <numerusform>%n lignes de l&apos;aperçu étaient déjà récupérées par le nettoyage périodique à %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n previewed row(s) were already reclaimed by %1 at %2.</source>
        <translation>
            <numerusform>%n ligne de l&apos;aperçu était déjà récupérée par %1 à %2.</numerusform>
            <numerusform>%n lignes de l&apos;aperçu étaient déjà récupérées par %1 à %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::ReplicasDemo</name>
    <message>
        <source>Add 1 on any replica, take snapshots, then deliver them in any order, twice, or drop them. Each replica keeps one count per writer and merges by taking the larger count per writer.</source>
        <translation>Ajoutez 1 sur n&apos;importe quelle réplique, prenez des instantanés, puis livrez-les dans n&apos;importe quel ordre, deux fois, ou perdez-les. Chaque réplique garde un compte par auteur et fusionne en gardant, pour chaque auteur, le plus grand compte.</translation>
    </message>
</context>
<context>
    <name>keyright::ReplicasDemoView</name>
    <message>
        <source>(empty)</source>
        <translation>(vide)</translation>
    </message>
    <message>
        <source>Free play (no preset)</source>
        <translation>Jeu libre (sans scénario)</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>Étape suivante</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Réinitialiser</translation>
    </message>
    <message>
        <source>Large fonts</source>
        <translation>Grands caractères</translation>
    </message>
    <message>
        <source>In transit</source>
        <translation>En transit</translation>
    </message>
    <message>
        <source>Total:</source>
        <translation>Total :</translation>
    </message>
    <message>
        <source>+1</source>
        <translation>+1</translation>
    </message>
    <message>
        <source>%1 counts one more, in its own component only.</source>
        <translation>%1 compte un de plus, dans sa propre composante uniquement.</translation>
    </message>
    <message>
        <source>Take snapshot</source>
        <translation>Prendre un instantané</translation>
    </message>
    <message>
        <source>Puts a copy of %1&apos;s map in transit.</source>
        <translation>Met en transit une copie de la table de %1.</translation>
    </message>
    <message>
        <source>Restart, same id</source>
        <translation>Redémarrer, même id</translation>
    </message>
    <message>
        <source>%1 loses its memory and counts again under its old id.</source>
        <translation>%1 perd sa mémoire et recompte sous son ancien identifiant.</translation>
    </message>
    <message>
        <source>Restart, new id</source>
        <translation>Redémarrer, nouvel id</translation>
    </message>
    <message>
        <source>%1 loses its memory and counts under a new id.</source>
        <translation>%1 perd sa mémoire et compte sous un nouvel identifiant.</translation>
    </message>
    <message>
        <source>Deliver the selected snapshot to %1.</source>
        <translation>Livrer l&apos;instantané sélectionné à %1.</translation>
    </message>
    <message>
        <source>Deliver the selected snapshot to:</source>
        <translation>Livrer l&apos;instantané sélectionné à :</translation>
    </message>
    <message>
        <source>Deliver twice</source>
        <translation>Livrer deux fois</translation>
    </message>
    <message>
        <source>Drop</source>
        <translation>Perdre</translation>
    </message>
    <message>
        <source>Naive sum: adds every total received to its own. Naive max: keeps the largest total seen. Red: the naive rule disagrees with the map for the same deliveries.</source>
        <translation>Somme naïve : ajoute chaque total reçu au sien. Maximum naïf : garde le plus grand total vu. En rouge : la règle naïve contredit la table pour les mêmes livraisons.</translation>
    </message>
    <message>
        <source>True total: %1</source>
        <translation>Vrai total : %1</translation>
    </message>
    <message>
        <source>Writes as: %1</source>
        <translation>Écrit sous : %1</translation>
    </message>
    <message>
        <source>Map: %1</source>
        <translation>Table : %1</translation>
    </message>
    <message>
        <source>= true total</source>
        <translation>= vrai total</translation>
    </message>
    <message numerus="yes">
        <source>%n short of the true total</source>
        <translation>
            <numerusform>%n de moins que le vrai total</numerusform>
            <numerusform>%n de moins que le vrai total</numerusform>
        </translation>
    </message>
    <message>
        <source>Naive sum: %1</source>
        <translation>Somme naïve : %1</translation>
    </message>
    <message numerus="yes">
        <source>%n more than the map: something was added twice.</source>
        <translation>
            <numerusform>%n de plus que la table : quelque chose a été ajouté deux fois.</numerusform>
            <numerusform>%n de plus que la table : quelque chose a été ajouté deux fois.</numerusform>
        </translation>
    </message>
    <message>
        <source>Naive max: %1</source>
        <translation>Maximum naïf : %1</translation>
    </message>
    <message numerus="yes">
        <source>%n fewer than the map: increments were lost.</source>
        <translation>
            <numerusform>%n de moins que la table : des ajouts ont été perdus.</numerusform>
            <numerusform>%n de moins que la table : des ajouts ont été perdus.</numerusform>
        </translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Étape %1 sur %2</translation>
    </message>
    <message>
        <source>%1 — from %2: %3 (total %4)</source>
        <translation>%1 — de %2 : %3 (total %4)</translation>
    </message>
    <message>
        <source>delivered to %1</source>
        <translation>livré à %1</translation>
    </message>
</context>
<context>
    <name>keyright::RevokeDialog</name>
    <message>
        <source>Revoke seat</source>
        <translation>Révoquer le siège</translation>
    </message>
    <message>
        <source>Optional, recorded in the events</source>
        <translation>Facultatif, consigné dans les événements</translation>
    </message>
    <message>
        <source>Do not block</source>
        <translation>Ne pas bloquer</translation>
    </message>
    <message>
        <source>10 minutes</source>
        <translation>10 minutes</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 heure</translation>
    </message>
    <message>
        <source>8 hours</source>
        <translation>8 heures</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 jour</translation>
    </message>
    <message>
        <source>7 days</source>
        <translation>7 jours</translation>
    </message>
    <message>
        <source>Revoke the seat of &lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt; (seat %3)?&lt;br&gt;The seat is free at once; the application loses it at its next heartbeat. Without a block it may check out again straight away.</source>
        <translation>Révoquer le siège de &lt;b&gt;%1&lt;/b&gt; sur &lt;b&gt;%2&lt;/b&gt; (siège %3) ?&lt;br&gt;Le siège est libéré immédiatement ; l’application le perd à son prochain battement. Sans blocage, elle peut en reprendre un aussitôt.</translation>
    </message>
    <message>
        <source>&amp;Block this holder for:</source>
        <translation>&amp;Bloquer ce détenteur pendant :</translation>
    </message>
    <message>
        <source>R&amp;eason:</source>
        <translation>Moti&amp;f :</translation>
    </message>
    <message>
        <source>&amp;Revoke</source>
        <translation>&amp;Révoquer</translation>
    </message>
</context>
<context>
    <name>keyright::SandboxProvisioner</name>
    <message>
        <source>A scenario runs on licenses of its own, which the simulator creates on the server, and this connection&apos;s token may not create licenses. Connect with an admin token to play scenarios; free play works on any license whose key you have.</source>
        <translation>Un scénario se joue sur ses propres licences, que le simulateur crée sur le serveur, et le jeton de cette connexion ne permet pas de créer des licences. Connectez-vous avec un jeton administrateur pour jouer les scénarios ; le jeu libre fonctionne sur toute licence dont vous avez la clé.</translation>
    </message>
    <message>
        <source>Could not create the license %1: %2</source>
        <translation>Impossible de créer la licence %1 : %2</translation>
    </message>
    <message>
        <source>Could not get a key for the license %1: %2</source>
        <translation>Impossible d&apos;obtenir une clé pour la licence %1 : %2</translation>
    </message>
    <message>
        <source>Could not read the seats of %1: %2</source>
        <translation>Impossible de lire les sièges de %1 : %2</translation>
    </message>
    <message>
        <source>simulator reset</source>
        <translation>réinitialisation du simulateur</translation>
    </message>
    <message>
        <source>Could not free the seats of %1: %2</source>
        <translation>Impossible de libérer les sièges de %1 : %2</translation>
    </message>
    <message>
        <source>Simulator sandbox: %1</source>
        <translation>Bac à sable du simulateur : %1</translation>
    </message>
    <message>
        <source>Could not read the seat rules of %1: %2</source>
        <translation>Les règles de sièges de %1 n&apos;ont pas pu être lues : %2</translation>
    </message>
    <message>
        <source>Could not set the seat rules of %1: %2</source>
        <translation>Les règles de sièges de %1 n&apos;ont pas pu être enregistrées : %2</translation>
    </message>
    <message>
        <source>Simulator sandbox %1: %2</source>
        <comment>a dashboard&apos;s suffix, a scenario&apos;s title</comment>
        <translation>Bac à sable du simulateur %1 : %2</translation>
    </message>
</context>
<context>
    <name>keyright::ScenarioPlayer</name>
    <message>
        <source>This scenario needs several server instances, and this server has only one.</source>
        <translation>Ce scénario a besoin de plusieurs instances du serveur, et ce serveur n&apos;en a qu&apos;une.</translation>
    </message>
    <message>
        <source>The server instances did not start: %1</source>
        <translation>Les instances du serveur n&apos;ont pas démarré : %1</translation>
    </message>
    <message>
        <source>Instance %1 did not come back: %2</source>
        <translation>L&apos;instance %1 n&apos;est pas revenue : %2</translation>
    </message>
    <message>
        <source>Instance %1 could not be stopped: %2</source>
        <translation>L&apos;instance %1 n&apos;a pas pu être arrêtée : %2</translation>
    </message>
</context>
<context>
    <name>keyright::SeatsPage</name>
    <message>
        <source>Holders</source>
        <translation>Détenteurs</translation>
    </message>
    <message>
        <source>No licenses on this server yet.</source>
        <translation>Aucune licence sur ce serveur pour l&apos;instant.</translation>
    </message>
    <message>
        <source>Select a license to see who holds its seats.</source>
        <translation>Sélectionnez une licence pour voir qui détient ses sièges.</translation>
    </message>
    <message>
        <source>Holders of %1</source>
        <translation>Détenteurs de %1</translation>
    </message>
    <message numerus="yes">
        <source>Holders of %n licenses</source>
        <translation>
            <numerusform>Détenteurs de %n licence</numerusform>
            <numerusform>Détenteurs de %n licences</numerusform>
        </translation>
    </message>
    <message>
        <source>Nobody holds a seat of this license right now.</source>
        <translation>Personne ne détient de siège de cette licence en ce moment.</translation>
    </message>
    <message>
        <source>Licenses</source>
        <translation>Licences</translation>
    </message>
    <message>
        <source>Filter holders, seats, states… (Ctrl+F)</source>
        <translation>Filtrer les détenteurs… (Ctrl+F)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;%n checkout(s) denied in the last hour&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n&#xa0;demande refusée dans la dernière heure&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n&#xa0;demandes refusées dans la dernière heure&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to a server.</source>
        <translation>Non connecté à un serveur.</translation>
    </message>
    <message>
        <source>The server refused the token, so the dashboard cannot list its licenses. Connect with a valid token.</source>
        <translation>Le serveur a refusé le jeton : le tableau de bord ne peut pas lister ses licences. Connectez-vous avec un jeton valide.</translation>
    </message>
    <message>
        <source>The server has not answered yet, so its licenses are not known.</source>
        <translation>Le serveur n&apos;a pas encore répondu : ses licences ne sont pas connues.</translation>
    </message>
    <message>
        <source>Loading the licenses…</source>
        <translation>Chargement des licences…</translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;%n checkout(s) denied in the hour before&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n demande refusée dans l&apos;heure précédente&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n demandes refusées dans l&apos;heure précédente&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting line (%n waiting)</source>
        <translation>
            <numerusform>File d&apos;attente (%n en attente)</numerusform>
            <numerusform>File d&apos;attente (%n en attente)</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting line</source>
        <translation>File d&apos;attente</translation>
    </message>
    <message>
        <source>Nobody is waiting for a seat.</source>
        <translation>Personne n&apos;attend de siège.</translation>
    </message>
    <message>
        <source>Reserved seats only their group may take, even while nobody uses them: to everyone else the license is full sooner than its seat count says.</source>
        <translation>Des sièges réservés que seul leur groupe peut prendre, même quand personne ne les utilise : pour tous les autres, la licence est pleine plus tôt que son nombre de sièges ne le dit.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;%n reserved and idle&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n réservé et inoccupé&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n réservés et inoccupés&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n free</source>
        <translation>
            <numerusform>%n&#xa0;libre</numerusform>
            <numerusform>%n&#xa0;libres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n en attente</numerusform>
            <numerusform>%n en attente</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter (Ctrl+F)</source>
        <translation>Filtrer (Ctrl+F)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;%n still live now by their last leases&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n encore actif selon son dernier bail&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;%n encore actifs selon leurs derniers baux&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;As of %2: %3 of %n seat(s) in use&lt;/span&gt;</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;Au %2 : %3 siège sur %n utilisé&lt;/span&gt;</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;Au %2 : %3 sièges sur %n utilisés&lt;/span&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2 of %n&lt;/b&gt;&lt;/span&gt; seat(s) in use</source>
        <translation>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2 sur %n&lt;/b&gt;&lt;/span&gt; siège utilisé</numerusform>
            <numerusform>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2 sur %n&lt;/b&gt;&lt;/span&gt; sièges utilisés</numerusform>
        </translation>
    </message>
    <message>
        <source>Not valid before %1: checkouts are refused</source>
        <translation>Valide à partir du %1 : les prises de siège sont refusées</translation>
    </message>
    <message>
        <source>Expired on %1: checkouts are refused</source>
        <translation>Expirée le %1 : les prises de siège sont refusées</translation>
    </message>
    <message numerus="yes">
        <source>Expires in %n day(s), on %1</source>
        <translation>
            <numerusform>Expire dans %n jour, le %1</numerusform>
            <numerusform>Expire dans %n jours, le %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Maintenance ended on %1</source>
        <translation>Maintenance terminée le %1</translation>
    </message>
    <message numerus="yes">
        <source>Maintenance ends in %n day(s), on %1</source>
        <translation>
            <numerusform>Maintenance jusqu&apos;au %1, dans %n jour</numerusform>
            <numerusform>Maintenance jusqu&apos;au %1, dans %n jours</numerusform>
        </translation>
    </message>
    <message>
        <source>Expires within a day, on %1</source>
        <translation>Expire dans moins d&apos;un jour, le %1</translation>
    </message>
    <message>
        <source>Maintenance ends within a day, on %1</source>
        <translation>Maintenance jusqu&apos;au %1, dans moins d&apos;un jour</translation>
    </message>
    <message>
        <source>%1 in use</source>
        <translation>%1 utilisés</translation>
    </message>
    <message>
        <source>%1 nearly full (80 % or more)</source>
        <translation>%1 presque pleine (80 % ou plus)</translation>
    </message>
    <message>
        <source>%1 full</source>
        <translation>%1 pleine</translation>
    </message>
    <message>
        <source>%1 borrowed or written off</source>
        <translation>%1 empruntés ou déclarés perdus</translation>
    </message>
    <message>
        <source>Borrowed seats are away on laptops, and a written-off one on a laptop that was lost: each stays counted until it is returned or its borrowed lease expires.</source>
        <translation>Les sièges empruntés sont partis sur des portables, et un siège déclaré perdu sur un portable égaré : chacun reste compté jusqu&apos;à son retour ou l&apos;expiration de son bail emprunté.</translation>
    </message>
    <message>
        <source>%1 reserved for a group, idle</source>
        <translation>%1 réservés à un groupe, inoccupés</translation>
    </message>
    <message>
        <source>%1 free</source>
        <translation>%1 libres</translation>
    </message>
    <message>
        <source>Holders not known: the server could not be reached since %1, so who holds these seats was never read.</source>
        <translation>Détenteurs inconnus : le serveur ne répond plus depuis %1, on n&apos;a donc jamais pu lire qui détient ces sièges.</translation>
    </message>
    <message>
        <source>Nobody held a seat of this license as of %1; the server has not answered since.</source>
        <translation>Personne ne détenait de siège de cette licence à %1 ; le serveur n&apos;a plus répondu depuis.</translation>
    </message>
    <message>
        <source>simulator</source>
        <comment>the tag of a simulator sandbox license</comment>
        <translation>simulateur</translation>
    </message>
    <message>
        <source>%1 simulator sandbox, staged</source>
        <translation>%1 bac à sable du simulateur, sièges simulés</translation>
    </message>
    <message>
        <source>A simulator sandbox&apos;s seats are taken and refused by the simulator&apos;s scenarios for training: its bar stays grey, never amber or red, and it is listed after the real licenses.</source>
        <translation>Les sièges d&apos;un bac à sable du simulateur sont pris et refusés par ses scénarios, pour la formation : sa barre reste grise, jamais orange ni rouge, et il est listé après les vraies licences.</translation>
    </message>
    <message>
        <source>Legend</source>
        <comment>of the seat bars&apos; colours</comment>
        <translation>Légende</translation>
    </message>
</context>
<context>
    <name>keyright::SimulatedClient</name>
    <message>
        <source>seat %1, generation %2</source>
        <translation>siège %1, génération %2</translation>
    </message>
    <message>
        <source>signed until %1</source>
        <translation>signé jusqu&apos;à %1</translation>
    </message>
    <message>
        <source>seat %1</source>
        <translation>siège %1</translation>
    </message>
    <message>
        <source>offset %1 → %2</source>
        <translation>décalage %1 → %2</translation>
    </message>
    <message>
        <source>stopped without releasing</source>
        <translation>arrêté sans libérer</translation>
    </message>
    <message>
        <source>for %1</source>
        <translation>pendant %1</translation>
    </message>
    <message>
        <source>now on instance %1</source>
        <translation>désormais sur l&apos;instance %1</translation>
    </message>
    <message>
        <source>%1@simulator</source>
        <extracomment>A simulated client&apos;s holder name on the server: its name, then a suffix that says &quot;simulator&quot;.</extracomment>
        <translation>%1@simulateur</translation>
    </message>
    <message numerus="yes">
        <source>borrowed for %n day(s), until %1</source>
        <extracomment>A simulated laptop borrowed a seat for %n days; %1 is when the borrow ends.</extracomment>
        <translation>
            <numerusform>emprunté pour %n jour, jusqu’au %1</numerusform>
            <numerusform>emprunté pour %n jours, jusqu’au %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::Simulation</name>
    <message>
        <source>The key file %1 is empty.</source>
        <translation>Le fichier de clé %1 est vide.</translation>
    </message>
    <message>
        <source>Could not list the licenses: %1</source>
        <translation>Impossible de lister les licences : %1</translation>
    </message>
    <message>
        <source>Pick a license first.</source>
        <translation>Choisissez d&apos;abord une licence.</translation>
    </message>
    <message>
        <source>There is no key for the license %1: load its key file first.</source>
        <translation>Aucune clé pour la licence %1 : chargez d&apos;abord son fichier de clé.</translation>
    </message>
    <message>
        <source>Client %1</source>
        <translation>Client %1</translation>
    </message>
    <message>
        <source>Could not read the server&apos;s events: %1</source>
        <translation>Impossible de lire les événements du serveur : %1</translation>
    </message>
    <message>
        <source>Could not read the seats of %1: %2</source>
        <translation>Impossible de lire les sièges de %1 : %2</translation>
    </message>
    <message>
        <source>This scenario moves the server&apos;s own clock, so it plays only on the embedded demo server (Server &gt; Use the embedded demo server).</source>
        <translation>Ce scénario déplace l&apos;horloge du serveur lui-même : il ne se joue que sur le serveur de démonstration intégré (Serveur &gt; Utiliser le serveur de démonstration intégré).</translation>
    </message>
    <message>
        <source>This scenario kills and restarts server instances, so it plays only on the embedded demo server (Server &gt; Use the embedded demo server).</source>
        <translation>Ce scénario tue et relance des instances du serveur : il ne se joue donc que sur le serveur de démonstration intégré (Serveur &gt; Utiliser le serveur de démonstration intégré).</translation>
    </message>
    <message>
        <source>A seat of %1 is still borrowed by %2 until %3, and this dashboard cannot give it back early (its borrowed lease file is gone); a borrowed seat is never revoked, so this scenario cannot tell its story until then.</source>
        <translation>Un siège de %1 est encore emprunté par %2 jusqu&apos;au %3, et ce tableau de bord ne peut pas le rendre en avance (son fichier de bail emprunté a disparu) ; un siège emprunté n&apos;est jamais révoqué : ce scénario ne peut donc pas raconter son histoire d&apos;ici là.</translation>
    </message>
    <message>
        <source>A seat of %1 is still borrowed by %2 until %3, and this dashboard cannot give it back early (its borrowed lease file is gone); a borrowed seat is never revoked. So that the story can be told, this run plays on %4.</source>
        <translation>Un siège de %1 est encore emprunté par %2 jusqu&apos;au %3, et ce tableau de bord ne peut pas le rendre en avance (son fichier de bail emprunté a disparu) ; un siège emprunté n&apos;est jamais révoqué. Pour que l&apos;histoire puisse être racontée, cette partie se joue sur %4.</translation>
    </message>
    <message numerus="yes">
        <source>Returned the seat a laptop still had borrowed from an earlier run.</source>
        <extracomment>Said before &quot;Playing 10. ...&quot; when the set-up gave back a seat a laptop of a dashboard that was killed or crashed still held borrowed.</extracomment>
        <translation>
            <numerusform>Le siège qu&apos;un portable avait encore emprunté lors d&apos;une partie précédente a été rendu.</numerusform>
            <numerusform>Les %n sièges que des portables avaient encore empruntés lors d&apos;une partie précédente ont été rendus.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>keyright::SimulatorPage</name>
    <message>
        <source>Connect to a lease server to run simulated clients against it.</source>
        <translation>Connectez-vous à un serveur de baux pour y faire tourner des clients simulés.</translation>
    </message>
</context>
<context>
    <name>keyright::SimulatorView</name>
    <message>
        <source>No simulated client yet. Play a scenario, or add a client below.</source>
        <translation>Aucun client simulé pour le moment. Lancez un scénario ou ajoutez un client ci-dessous.</translation>
    </message>
    <message>
        <source>Free play</source>
        <translation>Jeu libre</translation>
    </message>
    <message>
        <source>Add clients with the bar below: give each one a clock offset and a keeper policy, then crash it, cut its network or set its clock back, and watch its strip. Or pick a scenario above and press Play.</source>
        <translation>Ajoutez des clients avec la barre ci-dessous : donnez à chacun un décalage d&apos;horloge et une politique de gardien, puis faites-le planter, coupez son réseau ou reculez son horloge, et regardez sa bande. Ou choisissez un scénario en haut et appuyez sur Lancer.</translation>
    </message>
    <message>
        <source>License:</source>
        <translation>Licence :</translation>
    </message>
    <message>
        <source>Key file…</source>
        <translation>Fichier de clé…</translation>
    </message>
    <message>
        <source>Load the license key of the picked license from a file (mode 0600).</source>
        <translation>Charger la clé de la licence choisie depuis un fichier (mode 0600).</translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation>Scénario :</translation>
    </message>
    <message>
        <source>Text size:</source>
        <translation>Taille du texte :</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Larger text for a projector: the whole simulator scales.</source>
        <translation>Texte plus grand pour un projecteur : tout le simulateur s&apos;agrandit.</translation>
    </message>
    <message>
        <source>License key of %1</source>
        <translation>Clé de licence de %1</translation>
    </message>
    <message>
        <source>Key files (*.key);;All files (*)</source>
        <translation>Fichiers de clé (*.key);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Key loaded for %1.</source>
        <translation>Clé chargée pour %1.</translation>
    </message>
    <message>
        <source>Free play: add clients below.</source>
        <translation>Jeu libre : ajoutez des clients ci-dessous.</translation>
    </message>
    <message>
        <source>Pause or resume the simulated clocks.</source>
        <translation>Mettre en pause ou reprendre les horloges simulées.</translation>
    </message>
    <message>
        <source>Step 1 s</source>
        <translation>Avancer d’1 s</translation>
    </message>
    <message>
        <source>Advance the simulated clocks by one second.</source>
        <translation>Avancer les horloges simulées d&apos;une seconde.</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>How fast the simulated clocks run.</source>
        <translation>La vitesse des horloges simulées.</translation>
    </message>
    <message>
        <source>Sync clocks to server</source>
        <translation>Caler les horloges sur le serveur</translation>
    </message>
    <message>
        <source>Line the simulation&apos;s clock up with the server&apos;s again after a pause or a speed-up. The clients keep their own offsets.</source>
        <translation>Recaler l&apos;horloge de la simulation sur celle du serveur après une pause ou une accélération. Les clients gardent leur propre décalage.</translation>
    </message>
    <message>
        <source>The server has not answered yet.</source>
        <translation>Le serveur n&apos;a pas encore répondu.</translation>
    </message>
    <message>
        <source>Simulation clock lined up with the server&apos;s.</source>
        <translation>Horloge de la simulation calée sur celle du serveur.</translation>
    </message>
    <message>
        <source>New client:</source>
        <translation>Nouveau client :</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nom</translation>
    </message>
    <message>
        <source>clock</source>
        <translation>horloge</translation>
    </message>
    <message>
        <source>Clock offset from the server, -300 s (slow) to +300 s (fast).</source>
        <translation>Décalage d&apos;horloge par rapport au serveur, de -300 s (en retard) à +300 s (en avance).</translation>
    </message>
    <message>
        <source>Monotonic</source>
        <translation>Monotone</translation>
    </message>
    <message>
        <source>Monotonic: the product&apos;s default, times the lease with a stopwatch. Signed expiry: the naive rule, compares the signed expiry with the wall clock.</source>
        <translation>Monotone : le choix par défaut du produit, chronomètre le bail. Expiration signée : la règle naïve, compare l&apos;expiration signée à l&apos;horloge murale.</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Cut</source>
        <translation>Coupure</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Recul</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>à l&apos;heure</translation>
    </message>
    <message>
        <source>%1 s fast</source>
        <translation>%1 s en avance</translation>
    </message>
    <message>
        <source>%1 s slow</source>
        <translation>%1 s en retard</translation>
    </message>
    <message>
        <source>No license listed yet: is the server reachable?</source>
        <translation>Aucune licence listée pour l&apos;instant : le serveur est-il joignable ?</translation>
    </message>
    <message>
        <source>No key for %1: load its key file to add clients.</source>
        <translation>Aucune clé pour %1 : chargez son fichier de clé pour ajouter des clients.</translation>
    </message>
    <message>
        <source>Clients check out %1 on %2.</source>
        <translation>Les clients prennent un siège de %1 sur %2.</translation>
    </message>
    <message>
        <source>Playing %1.</source>
        <translation>Scénario en cours : %1.</translation>
    </message>
    <message>
        <source>%1 added.</source>
        <translation>%1 ajouté.</translation>
    </message>
    <message>
        <source>Every client is a real lease keeper talking to %1 through the real API; only its clock is simulated. This server runs on the simulation&apos;s clock, so pause, step and speed move the server and the clients together.</source>
        <translation>Chaque client est un vrai gardien de bail qui parle à %1 par la vraie API ; seule son horloge est simulée. Ce serveur tourne sur l&apos;horloge de la simulation : pause, pas à pas et vitesse déplacent ensemble le serveur et les clients.</translation>
    </message>
    <message>
        <source>Server &lt;b&gt;%1&lt;/b&gt; · Simulation &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>Serveur &lt;b&gt;%1&lt;/b&gt; · Simulation &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · &lt;b&gt;paused&lt;/b&gt;</source>
        <translation> · &lt;b&gt;en pause&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · &lt;b&gt;%1×&lt;/b&gt;</source>
        <translation> · &lt;b&gt;%1×&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Seats in use on %1: &lt;b&gt;%2 / %3&lt;/b&gt; (peak %4)</source>
        <translation>Sièges occupés sur %1 : &lt;b&gt;%2 / %3&lt;/b&gt; (pic %4)</translation>
    </message>
    <message>
        <source>Seats in use: waiting for the server…</source>
        <translation>Sièges occupés : en attente du serveur…</translation>
    </message>
    <message>
        <source>The license the simulated clients check out. A short-TTL license such as %1 plays each scenario in under a minute.</source>
        <translation>La licence sur laquelle les clients simulés prennent un siège. Une licence à TTL court comme %1 déroule chaque scénario en moins d&apos;une minute.</translation>
    </message>
    <message>
        <source>Every client is a real lease keeper talking to %1 through the real API; only its clock is simulated. The server keeps its own real clock: pause, step and speed move the clients&apos; clocks only, which adds to their offset (in brackets next to each local clock). Use a short-TTL license such as %2, and press Sync after a pause.</source>
        <translation>Chaque client est un vrai gardien de bail qui parle à %1 par la vraie API ; seule son horloge est simulée. Le serveur garde sa vraie horloge : pause, pas à pas et vitesse ne déplacent que les horloges des clients, ce qui s&apos;ajoute à leur décalage (entre parenthèses à côté de chaque horloge locale). Utilisez une licence à TTL court comme %2, et appuyez sur Caler après une pause.</translation>
    </message>
    <message>
        <source>Preparing the scenario&apos;s own licenses…</source>
        <translation>Préparation des licences du scénario…</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <source>Play scenario</source>
        <translation>Lancer le scénario</translation>
    </message>
    <message>
        <source>Server instances</source>
        <translation>Instances du serveur</translation>
    </message>
    <message>
        <source>⇄ on a strip: that client moved to another instance.</source>
        <translation>⇄ sur une bande : ce client est passé sur une autre instance.</translation>
    </message>
    <message>
        <source>Kill instance %1</source>
        <translation>Tuer l&apos;instance %1</translation>
    </message>
    <message>
        <source>Bring instance %1 back</source>
        <translation>Relancer l&apos;instance %1</translation>
    </message>
    <message>
        <source>Stop this instance as if its process died (Ctrl+%1).</source>
        <translation>Arrêter cette instance comme si son processus mourait (Ctrl+%1).</translation>
    </message>
    <message>
        <source>Start this instance again on the same port (Ctrl+%1).</source>
        <translation>Redémarrer cette instance sur le même port (Ctrl+%1).</translation>
    </message>
    <message>
        <source>up · clients: %1</source>
        <translation>en service · clients : %1</translation>
    </message>
    <message>
        <source>down</source>
        <translation>hors service</translation>
    </message>
    <message>
        <source>Signed expiry</source>
        <comment>expiry policy of a new client</comment>
        <translation>Expiration signée</translation>
    </message>
    <message>
        <source>Stopped %1. Press Play scenario to start the one shown.</source>
        <translation>Scénario arrêté : %1. Appuyez sur « Lancer le scénario » pour lancer celui qui est affiché.</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n seat(s), TTL %2 s)</source>
        <translation>
            <numerusform>%1 (%n siège, TTL %2 s)</numerusform>
            <numerusform>%1 (%n sièges, TTL %2 s)</numerusform>
        </translation>
    </message>
    <message>
        <source>Finished %1. The story is told; the clients run on until another scenario is chosen.</source>
        <translation>Scénario terminé : %1. L&apos;histoire est racontée ; les clients continuent jusqu&apos;au choix d&apos;un autre scénario.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Strip&lt;/b&gt;: top lane the client (&lt;span style=&apos;color:%1&apos;&gt;■&lt;/span&gt; acting, &lt;span style=&apos;color:%2&apos;&gt;■&lt;/span&gt; lapsed, &lt;span style=&apos;color:%3&apos;&gt;■&lt;/span&gt; degraded, &lt;span style=&apos;color:%4&apos;&gt;■&lt;/span&gt; acting without a counted seat), bottom lane &lt;span style=&apos;color:%5&apos;&gt;■&lt;/span&gt; the server counts the seat; &lt;span style=&apos;color:%6&apos;&gt;╌╌&lt;/span&gt; over the top lane: network cut. Marks: C checkout, · beat, × beat lost, ! seat lost, L lapsed, R re-acquire, D degrade, ✓ recover, ⏏ release, ✖ crash, ⌁ network cut or back, ⟲ clock changed, ⚠ warned: idle seat goes to someone waiting, B borrowed, ⊘ borrow refused, ↩ returned early.</source>
        <translation>&lt;b&gt;Bande&lt;/b&gt; : en haut le client (&lt;span style=&apos;color:%1&apos;&gt;■&lt;/span&gt; en service, &lt;span style=&apos;color:%2&apos;&gt;■&lt;/span&gt; bail expiré, &lt;span style=&apos;color:%3&apos;&gt;■&lt;/span&gt; dégradé, &lt;span style=&apos;color:%4&apos;&gt;■&lt;/span&gt; en service sans siège compté), en bas &lt;span style=&apos;color:%5&apos;&gt;■&lt;/span&gt; le serveur compte le siège ; &lt;span style=&apos;color:%6&apos;&gt;╌╌&lt;/span&gt; au-dessus de la voie du haut : réseau coupé. Marques : C demande de siège, · battement, × battement perdu, ! siège perdu, L bail expiré, R réacquisition, D dégradation, ✓ rétablissement, ⏏ libération, ✖ plantage, ⌁ réseau coupé ou rétabli, ⟲ horloge modifiée, ⚠ averti : le siège inactif ira à quelqu&apos;un qui attend, B emprunté, ⊘ emprunt refusé, ↩ rendu en avance.</translation>
    </message>
</context>
<context>
    <name>keyright::TimelineStrip</name>
    <message>
        <source>expiry</source>
        <translation>expiration</translation>
    </message>
    <message>
        <source>reap</source>
        <translation>nettoyage</translation>
    </message>
    <message>
        <source>now</source>
        <translation>maintenant</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>reaped</source>
        <comment>timeline mark</comment>
        <translation>nettoyé</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <comment>a timeline glyph repeated %2 times</comment>
        <translation>%1 ×%2</translation>
    </message>
</context>
<context>
    <name>keyright::TokensDialog</name>
    <message>
        <source>&amp;Create token</source>
        <translation>&amp;Créer le jeton</translation>
    </message>
    <message>
        <source>&amp;Revoke…</source>
        <translation>&amp;Révoquer…</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copier</translation>
    </message>
    <message>
        <source>Access tokens</source>
        <translation>Jetons d&apos;accès</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Créé</translation>
    </message>
    <message>
        <source>Last used</source>
        <translation>Dernière utilisation</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Expire</translation>
    </message>
    <message>
        <source>dana</source>
        <translation>dana</translation>
    </message>
    <message>
        <source>never</source>
        <translation>jamais</translation>
    </message>
    <message>
        <source>in 30 days</source>
        <translation>dans 30 jours</translation>
    </message>
    <message>
        <source>in 90 days</source>
        <translation>dans 90 jours</translation>
    </message>
    <message>
        <source>in a year</source>
        <translation>dans un an</translation>
    </message>
    <message>
        <source>New token</source>
        <translation>Nouveau jeton</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>&amp;Rôle :</translation>
    </message>
    <message>
        <source>&amp;Expires:</source>
        <translation>&amp;Expire :</translation>
    </message>
    <message>
        <source>Token copied to the clipboard.</source>
        <translation>Jeton copié dans le presse-papiers.</translation>
    </message>
    <message>
        <source>Revoked token %1.</source>
        <translation>Jeton %1 révoqué.</translation>
    </message>
    <message>
        <source>The tokens could not be listed: %1</source>
        <translation>Impossible de lister les jetons : %1</translation>
    </message>
    <message>
        <source>Token %1 was not created: %2</source>
        <translation>Le jeton %1 n&apos;a pas été créé : %2</translation>
    </message>
    <message>
        <source>Token %1 was not revoked: %2</source>
        <translation>Le jeton %1 n&apos;a pas été révoqué : %2</translation>
    </message>
    <message>
        <source>A token name is 1 to 64 of a-z, 0-9, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>Un nom de jeton compte de 1 à 64 caractères parmi a-z, 0-9, « . », « _ » et « - ».</translation>
    </message>
    <message>
        <source>Revoke token</source>
        <translation>Révoquer le jeton</translation>
    </message>
    <message>
        <source>Revoke the token %1? Whoever uses it is refused from their next request on.</source>
        <translation>Révoquer le jeton %1 ? Quiconque l&apos;utilise sera refusé dès sa prochaine requête.</translation>
    </message>
    <message>
        <source>Token for %1 (%2). It is shown only now: copy it and give it to %1; the server keeps only its hash.</source>
        <translation>Jeton pour %1 (%2). Il n&apos;est affiché que maintenant : copiez-le et remettez-le à %1 ; le serveur n&apos;en garde que l&apos;empreinte.</translation>
    </message>
    <message>
        <source>Created token %1.</source>
        <translation>Jeton %1 créé.</translation>
    </message>
</context>
<context>
    <name>keyright::UsageChartView</name>
    <message>
        <source>Seats in use</source>
        <translation>Sièges utilisés</translation>
    </message>
    <message>
        <source>Seats owned</source>
        <translation>Sièges achetés</translation>
    </message>
    <message>
        <source>Denials</source>
        <translation>Refus</translation>
    </message>
    <message>
        <source>Seat usage, last hour</source>
        <translation>Utilisation des sièges, dernière heure</translation>
    </message>
    <message>
        <source>Seat usage of %1, last hour</source>
        <translation>Utilisation des sièges de %1, dernière heure</translation>
    </message>
    <message>
        <source>Seats reserved</source>
        <translation>Sièges réservés</translation>
    </message>
    <message>
        <source>Waiting in line</source>
        <translation>En file d&apos;attente</translation>
    </message>
</context>
<context>
    <name>keyright::UsageHeatmap</name>
    <message>
        <source>%1 %2–%3: %4 seats in use on average, at most %5</source>
        <extracomment>A cell of the hour-of-week heatmap: &quot;Tuesday 14:00–15:00: 3.2 seats in use on average, at most 5&quot;</extracomment>
        <translation>%1 %2–%3 : %4 sièges utilisés en moyenne, au plus %5</translation>
    </message>
</context>
<context>
    <name>keyright::UsagePage</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Asking the server for the usage of %1…</source>
        <translation>Demande au serveur de l&apos;utilisation de %1…</translation>
    </message>
    <message>
        <source>The usage of %1 could not be read: %2</source>
        <translation>Impossible de lire l&apos;utilisation de %1 : %2</translation>
    </message>
    <message>
        <source>No license to show.</source>
        <translation>Aucune licence à afficher.</translation>
    </message>
    <message>
        <source>No usage shown yet.</source>
        <translation>Aucune utilisation affichée pour l&apos;instant.</translation>
    </message>
    <message>
        <source>%1, %2 to %3 (%4)</source>
        <translation>%1, du %2 au %3 (%4)</translation>
    </message>
    <message numerus="yes">
        <source>At least %n seat(s) in use</source>
        <translation>
            <numerusform>Au moins %n siège utilisé</numerusform>
            <numerusform>Au moins %n sièges utilisés</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 % of the time</source>
        <translation>%1 % du temps</translation>
    </message>
    <message>
        <source>First reached at %1</source>
        <translation>Atteint pour la première fois le %1</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message numerus="yes">
        <source>%n checkout(s) refused in all; the true denials are those whose holder got no seat soon after.</source>
        <translation>
            <numerusform>%n demande refusée en tout ; les vrais refus sont ceux dont le détenteur n&apos;a pas obtenu de siège peu après.</numerusform>
            <numerusform>%n demandes refusées en tout ; les vrais refus sont ceux dont le détenteur n&apos;a pas obtenu de siège peu après.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;License:</source>
        <translation>&amp;Licence :</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>&amp;Période :</translation>
    </message>
    <message>
        <source>&amp;From</source>
        <translation>&amp;Du</translation>
    </message>
    <message>
        <source>&amp;to</source>
        <translation>&amp;au</translation>
    </message>
    <message>
        <source>S&amp;tep:</source>
        <translation>P&amp;as :</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>7 derniers jours</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>30 derniers jours</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>90 derniers jours</translation>
    </message>
    <message>
        <source>Last 365 days</source>
        <translation>365 derniers jours</translation>
    </message>
    <message>
        <source>Custom dates</source>
        <translation>Dates choisies</translation>
    </message>
    <message>
        <source>Hour</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>Jour</translation>
    </message>
    <message>
        <source>Week</source>
        <translation>Semaine</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>Mois</translation>
    </message>
    <message>
        <source>The size of each bar of the chart; picked from the range (hours up to 2 days, days up to 120, weeks beyond) until you choose one.</source>
        <translation>La durée de chaque barre du graphique ; choisie d&apos;après la période (heures jusqu&apos;à 2 jours, jours jusqu&apos;à 120, semaines au-delà) tant que vous n&apos;en choisissez pas une.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <source>Ask the server again for this range</source>
        <translation>Redemander cette période au serveur</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <source>Export PDF…</source>
        <translation>Exporter en PDF…</translation>
    </message>
    <message>
        <source>One line per bar of the chart, for a spreadsheet (Ctrl+E)</source>
        <translation>Une ligne par barre du graphique, pour un tableur (Ctrl+E)</translation>
    </message>
    <message>
        <source>A one-page A4 report for a budget meeting (Ctrl+P)</source>
        <translation>Un rapport d&apos;une page A4 pour une réunion budgétaire (Ctrl+P)</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>Chiffres clés</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>Et si</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Simultanéité</translation>
    </message>
    <message>
        <source>Hour of week</source>
        <translation>Semaine type</translation>
    </message>
    <message>
        <source>Top holders</source>
        <translation>Détenteurs</translation>
    </message>
    <message>
        <source>Top groups</source>
        <translation>Groupes</translation>
    </message>
    <message>
        <source>Idle reservations</source>
        <translation>Réserves inoccupées</translation>
    </message>
    <message>
        <source>Seats busy</source>
        <translation>Sièges occupés</translation>
    </message>
    <message>
        <source>Share of the time</source>
        <translation>Part du temps</translation>
    </message>
    <message>
        <source>How often at least so many seats were in use at once over the range</source>
        <translation>Combien de temps au moins autant de sièges étaient utilisés à la fois sur la période</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Détenteur</translation>
    </message>
    <message>
        <source>Seat-hours</source>
        <translation>Heures-sièges</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Groupe</translation>
    </message>
    <message>
        <source>Reserved seat-hours left idle</source>
        <translation>Heures-sièges réservées restées inoccupées</translation>
    </message>
    <message>
        <source>Seats a group&apos;s reservation kept for it while nobody of the group used them</source>
        <translation>Sièges que la réservation d&apos;un groupe lui gardait sans que personne du groupe ne les utilise</translation>
    </message>
    <message>
        <source>Seats owned</source>
        <translation>Sièges achetés</translation>
    </message>
    <message>
        <source>Peak in use</source>
        <translation>Pic d&apos;utilisation</translation>
    </message>
    <message>
        <source>95th percentile</source>
        <translation>95e centile</translation>
    </message>
    <message>
        <source>95th percentile, working hours</source>
        <translation>95e centile, heures ouvrées</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>Taux d&apos;utilisation</translation>
    </message>
    <message>
        <source>True denials</source>
        <translation>Vrais refus</translation>
    </message>
    <message>
        <source>Longest wait</source>
        <translation>Attente max.</translation>
    </message>
    <message>
        <source>Suggested seat count</source>
        <translation>Nombre de sièges conseillé</translation>
    </message>
    <message>
        <source>The seat count at the end of the range</source>
        <translation>Le nombre de sièges à la fin de la période</translation>
    </message>
    <message>
        <source>The most seats in use at any moment of the range, however short</source>
        <translation>Le plus grand nombre de sièges utilisés à un moment de la période, si bref soit-il</translation>
    </message>
    <message>
        <source>Seats in use no more than 95 % of the time</source>
        <translation>Sièges utilisés au plus 95 % du temps</translation>
    </message>
    <message>
        <source>Seats in use no more than 95 % of the working hours (Monday to Friday, 8:00 to 18:00)</source>
        <translation>Sièges utilisés au plus 95 % des heures ouvrées (du lundi au vendredi, de 8 h à 18 h)</translation>
    </message>
    <message>
        <source>Seat-hours used over seat-hours owned</source>
        <translation>Heures-sièges utilisées rapportées aux heures-sièges achetées</translation>
    </message>
    <message>
        <source>Refused checkouts whose holder got no seat within 15 minutes after</source>
        <translation>Demandes refusées dont le détenteur n&apos;a pas obtenu de siège dans les 15 minutes suivantes</translation>
    </message>
    <message>
        <source>The longest time a checkout waited in line for a seat</source>
        <translation>Le plus long temps d&apos;attente d&apos;une demande dans la file pour un siège</translation>
    </message>
    <message>
        <source>Mean in use</source>
        <translation>Utilisation moyenne</translation>
    </message>
    <message>
        <source>Seats in use, %1</source>
        <translation>Sièges utilisés, %1</translation>
    </message>
    <message>
        <source>Seats in use</source>
        <translation>Sièges utilisés</translation>
    </message>
    <message>
        <source>There is no usage report to export.</source>
        <translation>Aucun rapport d&apos;utilisation à exporter.</translation>
    </message>
    <message>
        <source>Seat usage of %1</source>
        <translation>Utilisation des sièges de %1</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>Impossible d&apos;écrire %1.</translation>
    </message>
    <message>
        <source>Seat-hours used</source>
        <translation>Heures-sièges utilisées</translation>
    </message>
    <message>
        <source>Suggested seat count: %1</source>
        <translation>Nombre de sièges conseillé : %1</translation>
    </message>
    <message numerus="yes">
        <source>At least %n seat(s)</source>
        <translation>
            <numerusform>Au moins %n siège</numerusform>
            <numerusform>Au moins %n sièges</numerusform>
        </translation>
    </message>
    <message>
        <source>Top holders (seat-hours)</source>
        <translation>Principaux détenteurs (heures-sièges)</translation>
    </message>
    <message>
        <source>Export the usage report as PDF</source>
        <translation>Exporter le rapport d&apos;utilisation en PDF</translation>
    </message>
    <message>
        <source>Export usage as CSV</source>
        <translation>Exporter l&apos;utilisation en CSV</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Fichiers PDF (*.pdf)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>Impossible d&apos;exporter vers %1 : %2</translation>
    </message>
    <message>
        <source>from %1 to %2</source>
        <translation>du %1 au %2</translation>
    </message>
    <message>
        <source>Replaying the range at other seat counts…</source>
        <translation>Rejeu de la période avec d&apos;autres nombres de sièges…</translation>
    </message>
    <message>
        <source>The range could not be replayed: %1</source>
        <translation>La période n&apos;a pas pu être rejouée : %1</translation>
    </message>
    <message>
        <source>%1 (owned)</source>
        <translation>%1 (achetés)</translation>
    </message>
    <message>
        <source>The fewest seats that would have refused and denied no more than the most seats replayed: what the range needed</source>
        <translation>Le moins de sièges qui n&apos;auraient pas refusé davantage que le plus grand nombre rejoué : ce dont la période avait besoin</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Sièges</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Demandes</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>Ont attendu</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Refusés</translation>
    </message>
    <message>
        <source>Gave up</source>
        <translation>Abandons</translation>
    </message>
    <message>
        <source>Median wait</source>
        <translation>Attente méd.</translation>
    </message>
    <message>
        <source>The range&apos;s checkout requests replayed at each number of seats, as the server would have answered them</source>
        <translation>Les demandes d&apos;attribution de la période rejouées pour chaque nombre de sièges, comme le serveur y aurait répondu</translation>
    </message>
    <message>
        <source>The fewest seats with which the replay of this range&apos;s own demand refuses no more checkouts than with any more seats (What if, below).</source>
        <translation>Le plus petit nombre de sièges avec lequel le rejeu de la demande réelle de cette période ne refuse pas plus de demandes d&apos;attribution qu&apos;avec davantage de sièges (Et si, ci-dessous).</translation>
    </message>
    <message>
        <source>Until the replay is in: the 95th percentile of the working hours (whole seats, so rounded up), but never below the peak when the range had true denials: then someone went without a seat at the peak.</source>
        <translation>En attendant le rejeu : le 95e centile des heures ouvrées (en sièges entiers, donc arrondi au-dessus), mais jamais en dessous du pic quand la période a eu de vrais refus : quelqu&apos;un est alors resté sans siège au moment du pic.</translation>
    </message>
    <message>
        <source>The range starts after today: pick a From date no later than %1.</source>
        <translation>La plage commence après aujourd’hui : choisissez une date de début au plus tard le %1.</translation>
    </message>
    <message>
        <source>The history starts on %1: there is nothing to show before.</source>
        <translation>L’historique commence le %1 : il n’y a rien à montrer avant.</translation>
    </message>
    <message numerus="yes">
        <source>More than the peak of %1: every seat was taken at the peak and %n checkout(s) were refused.</source>
        <translation>
            <numerusform>Plus que le pic de %1 : tous les sièges étaient pris au pic et %n demande a été refusée.</numerusform>
            <numerusform>Plus que le pic de %1 : tous les sièges étaient pris au pic et %n demandes ont été refusées.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export usage as CSV…</source>
        <translation>Exporter l’utilisation en CSV…</translation>
    </message>
    <message>
        <source>Export usage report as PDF…</source>
        <translation>Exporter le rapport d’utilisation en PDF…</translation>
    </message>
    <message>
        <source>Keyright admin, %1, made on %2</source>
        <translation>Keyright admin, %1, établi le %2</translation>
    </message>
    <message>
        <source>The holders who used the most seat-hours</source>
        <translation>Les détenteurs qui ont utilisé le plus d’heures-sièges</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 enregistré.</translation>
    </message>
    <message>
        <source>The usage report, in %1</source>
        <translation>Le rapport d&apos;utilisation, dans %1</translation>
    </message>
    <message numerus="yes">
        <source>%n bucket(s) of usage, in %1</source>
        <translation>
            <numerusform>%n intervalle d&apos;utilisation, dans %1</numerusform>
            <numerusform>%n intervalles d&apos;utilisation, dans %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The most seats in use at any moment of the range, however short. %1</source>
        <translation>Le plus grand nombre de sièges utilisés à un moment de la période, si bref soit-il. %1</translation>
    </message>
    <message>
        <source>The seats reserved for %1 stood idle %2 seat-hours in the range: the others need seats of their own.</source>
        <translation>Les sièges réservés à %1 sont restés inutilisés %2 heures-sièges sur la période : les autres ont besoin de leurs propres sièges.</translation>
    </message>
    <message>
        <source>More than the peak of %1: the seat rules keep seats for some groups.</source>
        <translation>Plus que le pic de %1 : les règles de sièges en gardent pour certains groupes.</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>le %1</translation>
    </message>
    <message>
        <source>Nothing was recorded for this license in this range: its history starts later.</source>
        <translation>Rien n’a été enregistré pour cette licence sur cette période : son historique commence plus tard.</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message numerus="yes">
        <source>More than the peak of %1: replayed with %2 seats, %n more checkout(s) of the range are refused or give up than with %3.</source>
        <translation>
            <numerusform>Plus que le pic de %1 : rejouée avec %2 sièges, la période compte %n demande refusée ou abandonnée de plus qu’avec %3.</numerusform>
            <numerusform>Plus que le pic de %1 : rejouée avec %2 sièges, la période compte %n demandes refusées ou abandonnées de plus qu’avec %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Borrowed seats are not recorded before %1.</source>
        <translation>Les sièges empruntés ne sont pas enregistrés avant le %1.</translation>
    </message>
    <message numerus="yes">
        <source>Borrowed seats: at most %n at once, %1 seat-hours, %2 of the %3 in use at the peak</source>
        <translation>
            <numerusform>Sièges empruntés : au plus %n à la fois ; heures-sièges : %1 ; %2 des %3 utilisés au pic</numerusform>
            <numerusform>Sièges empruntés : au plus %n à la fois ; heures-sièges : %1 ; %2 des %3 utilisés au pic</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Borrowed seats: at most %n at once, %1 seat-hours</source>
        <translation>
            <numerusform>Sièges empruntés : au plus %n à la fois ; heures-sièges : %1</numerusform>
            <numerusform>Sièges empruntés : au plus %n à la fois ; heures-sièges : %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The figures before %1 are made up by the demo server, to show the page at work; only what follows is this server&apos;s own record.</source>
        <translation>Les chiffres d&apos;avant le %1 sont inventés par le serveur de démonstration, pour montrer la page à l&apos;œuvre ; seuls ceux qui suivent sont l&apos;historique réel de ce serveur.</translation>
    </message>
    <message>
        <source>Borrowed seats (mean)</source>
        <translation>Sièges empruntés (moyenne)</translation>
    </message>
    <message numerus="yes">
        <source>%n of the seats in use at the peak (%1) were borrowed: laptops away count until they come back or expire.</source>
        <translation>
            <numerusform>%n des sièges utilisés au pic (%1) était emprunté : un portable absent compte jusqu&apos;à son retour ou son expiration.</numerusform>
            <numerusform>%n des sièges utilisés au pic (%1) étaient empruntés : les portables absents comptent jusqu&apos;à leur retour ou leur expiration.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n heure</numerusform>
            <numerusform>%n heures</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n jour</numerusform>
            <numerusform>%n jours</numerusform>
        </translation>
    </message>
    <message>
        <source>Only %1 of history so far: too little to size the license on; a few weeks of the site&apos;s usual work say more.</source>
        <translation>Seulement %1 d&apos;historique pour l&apos;instant : trop peu pour dimensionner la licence ; quelques semaines de travail habituel du site en disent plus.</translation>
    </message>
</context>
<context>
    <name>keyright::Validation</name>
    <message>
        <source>allow</source>
        <translation>Autoriser</translation>
    </message>
    <message>
        <source>deny</source>
        <translation>Exclure</translation>
    </message>
    <message>
        <source>reserve</source>
        <translation>Réserver</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Au plus</translation>
    </message>
    <message>
        <source>%1 has %2 entries; at most %3 are allowed</source>
        <translation>la liste %1 a %2 entrées ; %3 au plus sont permises</translation>
    </message>
    <message>
        <source>%1 lists &quot;%2&quot; twice</source>
        <translation>la liste %1 contient « %2 » deux fois</translation>
    </message>
    <message>
        <source>%1 (&quot;%2&quot;) is neither a group nor a holder pattern: %3</source>
        <translation>%1 (« %2 ») n&apos;est ni un groupe ni un motif de détenteurs : %3</translation>
    </message>
    <message>
        <source>%1 names the group &quot;%2&quot;, which does not exist</source>
        <translation>la règle %1 nomme le groupe « %2 », qui n&apos;existe pas</translation>
    </message>
    <message>
        <source>%1 names the group &quot;%2&quot; twice</source>
        <translation>la règle %1 nomme deux fois le groupe « %2 »</translation>
    </message>
    <message>
        <source>%1 for %2 is %3 seats; it must be between %4 and the license&apos;s %5</source>
        <translation>la règle %1 pour %2 compte %3 sièges ; il en faut entre %4 et %5 (les sièges de la licence)</translation>
    </message>
    <message>
        <source>a pattern may not be empty</source>
        <translation>un motif ne peut pas être vide</translation>
    </message>
    <message>
        <source>a pattern is at most %1 characters (this one has %2)</source>
        <translation>un motif a au plus %1 caractères (celui-ci en a %2)</translation>
    </message>
    <message>
        <source>a pattern must be valid Unicode</source>
        <translation>un motif doit être de l&apos;Unicode valide</translation>
    </message>
    <message>
        <source>a pattern may not contain spaces or control characters</source>
        <translation>un motif ne peut contenir ni espaces ni caractères de contrôle</translation>
    </message>
    <message>
        <source>a pattern may not contain Unicode non-characters or a byte order mark (%1 at position %2)</source>
        <translation>un motif ne peut contenir ni non-caractères Unicode ni indicateur d&apos;ordre des octets (%1 à la position %2)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid glob (check its [ ] brackets)</source>
        <translation>« %1 » n&apos;est pas un motif valide (vérifiez ses crochets [ ])</translation>
    </message>
    <message>
        <source>there are %1 groups; at most %2 are allowed</source>
        <translation>il y a %1 groupes ; %2 au plus sont permis</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a group name: use 1 to 32 lowercase letters, digits, - and _, starting with a letter or digit</source>
        <translation>« %1 » n&apos;est pas un nom de groupe : utilisez de 1 à 32 lettres minuscules, chiffres, - et _, en commençant par une lettre ou un chiffre</translation>
    </message>
    <message>
        <source>there are two groups named &quot;%1&quot;</source>
        <translation>deux groupes s&apos;appellent « %1 »</translation>
    </message>
    <message>
        <source>the group &quot;%1&quot; has no holder patterns</source>
        <translation>le groupe « %1 » n&apos;a aucun motif de détenteurs</translation>
    </message>
    <message>
        <source>the group &quot;%1&quot; has %2 patterns; at most %3 are allowed</source>
        <translation>le groupe « %1 » a %2 motifs ; %3 au plus sont permis</translation>
    </message>
    <message>
        <source>pattern %1 of the group &quot;%2&quot;: %3</source>
        <translation>motif %1 du groupe « %2 » : %3</translation>
    </message>
    <message>
        <source>the reservations add up to %1 seats but the license has %2</source>
        <translation>les réservations totalisent %1 sièges mais la licence n&apos;en a que %2</translation>
    </message>
    <message>
        <source>%1 reserves %2 seats but may hold at most %3 (its max)</source>
        <translation>%1 réserve des sièges (%2) mais ne peut en détenir que %3 au plus (son plafond)</translation>
    </message>
    <message>
        <source>reclaimIdle</source>
        <translation>Reprendre les sièges inactifs</translation>
    </message>
    <message>
        <source>%1 has two entries without a group (the default)</source>
        <translation>la règle %1 a deux entrées sans groupe (la valeur par défaut)</translation>
    </message>
    <message>
        <source>a seat is reclaimed after %1 idle minutes; it must be between 1 and %2 (a week)</source>
        <translation>un siège est repris après %1 minutes d&apos;inactivité ; il en faut entre 1 et %2 (une semaine)</translation>
    </message>
    <message>
        <source>the holder is warned %1 minutes before; the warning must be at least 1 minute and at most the idle time (%2 minutes)</source>
        <translation>le détenteur est prévenu %1 minutes avant ; le préavis doit être d’au moins 1 minute et d’au plus la durée d’inactivité (%2 minutes)</translation>
    </message>
</context>
<context>
    <name>keyright::WholeFile</name>
    <message>
        <source>the writing stopped partway (%1). Nothing was saved: free some disk space or choose another place.</source>
        <translation>l’écriture s’est arrêtée en cours de route (%1). Rien n’a été enregistré : libérez de l’espace disque ou choisissez un autre emplacement.</translation>
    </message>
</context>
<context>
    <name>keyright::WriteOffDialog</name>
    <message>
        <source>Write off borrowed seat</source>
        <translation>Déclarer perdu un siège emprunté</translation>
    </message>
    <message>
        <source>Optional, recorded in the events</source>
        <translation>Facultatif, consigné dans les événements</translation>
    </message>
    <message>
        <source>Write off the seat of &lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt; (seat %3), whose laptop is lost or can no longer give it back?</source>
        <translation>Déclarer perdu le siège de &lt;b&gt;%1&lt;/b&gt; sur &lt;b&gt;%2&lt;/b&gt; (siège %3), dont le portable a disparu ou ne peut plus le rendre&#xa0;?</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Note :</translation>
    </message>
    <message>
        <source>&amp;Write off</source>
        <translation>&amp;Déclarer perdu</translation>
    </message>
    <message>
        <source>The seat stays counted until &lt;b&gt;%1&lt;/b&gt;: the laptop holds a signed lease that cannot be recalled, and nothing the server does can free the seat earlier. If the laptop turns up with its lease file intact, returning the seat frees it at once.</source>
        <translation>Le siège reste compté jusqu&apos;au &lt;b&gt;%1&lt;/b&gt; : le portable détient un bail signé qui ne peut pas être rappelé, et rien de ce que fait le serveur ne peut libérer le siège plus tôt. Si le portable est retrouvé avec son fichier de bail intact, rendre le siège le libère aussitôt.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Keyright administration dashboard</source>
        <translation>Tableau de bord d&apos;administration Keyright</translation>
    </message>
    <message>
        <source>Interface language (en, fr).</source>
        <translation>Langue de l&apos;interface (en, fr).</translation>
    </message>
    <message>
        <source>The embedded demo server did not start</source>
        <translation>Le serveur de démonstration intégré n&apos;a pas démarré</translation>
    </message>
    <message>
        <source>Cannot read the demo server&apos;s token</source>
        <translation>Impossible de lire le jeton du serveur de démonstration</translation>
    </message>
    <message>
        <source>Embedded demo server</source>
        <translation>Serveur de démo intégré</translation>
    </message>
    <message>
        <source>Clock-skew simulator</source>
        <translation>Horloges</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>Parc</translation>
    </message>
    <message>
        <source>Replicas demo</source>
        <translation>Répliques</translation>
    </message>
    <message>
        <source>Admin token file for --server (mode 0600).</source>
        <translation>Fichier du jeton d&apos;administration pour --server (mode 0600).</translation>
    </message>
    <message>
        <source>Save a picture of the window to this file and quit.</source>
        <translation>Enregistrer une image de la fenêtre dans ce fichier, puis quitter.</translation>
    </message>
    <message>
        <source>How long to wait before the picture (default 6s; e.g. 500ms, 10s).</source>
        <translation>Délai avant la capture (6s par défaut ; par ex. 500ms, 10s).</translation>
    </message>
    <message>
        <source>Window size, e.g. 1280x720.</source>
        <translation>Taille de la fenêtre, par ex. 1280x720.</translation>
    </message>
    <message>
        <source>Use a dark Fusion palette.</source>
        <translation>Utiliser une palette Fusion sombre.</translation>
    </message>
    <message>
        <source>Keyright admin</source>
        <translation>Keyright admin</translation>
    </message>
    <message>
        <source>Cannot read the admin token</source>
        <translation>Impossible de lire le jeton d&apos;administration</translation>
    </message>
    <message>
        <source>Cannot use --window-size</source>
        <translation>Impossible d&apos;utiliser --window-size</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a size such as 1280x720.</source>
        <translation>« %1 » n&apos;est pas une taille comme 1280x720.</translation>
    </message>
    <message>
        <source>Connect to this server; for the instances of one site, repeat it or separate their URLs with commas.</source>
        <translation>Se connecter à ce serveur ; pour les instances d&apos;un même site, répétez l&apos;option ou séparez leurs URL par des virgules.</translation>
    </message>
    <message>
        <source>Cannot use --server</source>
        <translation>Impossible d&apos;utiliser --server</translation>
    </message>
</context>
</TS>
