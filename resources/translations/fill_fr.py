#!/usr/bin/env python3
"""Fills resources/translations/keyright_fr.ts from the French texts below, keyed by the English
source. Run after `update_translations` when strings change; untranslated strings are reported."""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

FR = {
    # Connection and profiles
    'Cannot create the folder %1': 'Impossible de créer le dossier %1',
    'The profile has no admin token': "Le profil n'a pas de jeton d'administration",
    'System language': 'Langue du système',
    'Token &file:': '&Fichier du jeton :',
    '&Paste the token:': '&Coller le jeton :',
    '&Save': '&Enregistrer',
    '&Delete': '&Supprimer',
    '&Connect': 'Se &connecter',
    'Connect to a lease server': 'Se connecter à un serveur de baux',
    'https://licenses.example.com:7400': 'https://licences.exemple.fr:7400',
    "the server's admin-token file": "le fichier admin-token du serveur",
    '64 hex characters': '64 caractères hexadécimaux',
    'Browse…': 'Parcourir…',
    '&Name:': '&Nom :',
    'Server &URL:': '&URL du serveur :',
    '&New': '&Nouveau',
    'Use the &embedded demo server': 'Utiliser le serveur de démonstration &intégré',
    'Admin token file': "Fichier du jeton d'administration",
    'stored privately; type a new one to replace it': 'conservé en privé ; saisissez-en un nouveau pour le remplacer',
    'The token is kept in a private file and is not shown.': "Le jeton est conservé dans un fichier privé et n'est pas affiché.",
    'Give the profile a name.': 'Donnez un nom au profil.',
    'The server URL must be http:// or https:// followed by a host.': "L'URL du serveur doit commencer par http:// ou https:// suivi d'un hôte.",
    'Paste the admin token, or choose the token file.': "Collez le jeton d'administration ou choisissez le fichier du jeton.",
    'Could not store the token: %1': "Impossible d'enregistrer le jeton : %1",
    'Choose the admin token file, or paste the token.': "Choisissez le fichier du jeton d'administration ou collez le jeton.",
    # Session errors
    'Server unreachable: %1': 'Serveur injoignable : %1',
    'TLS error: %1': 'Erreur TLS : %1',
    'Unauthorized: the server refused the admin token. Check the connection profile.': "Accès refusé : le serveur a rejeté le jeton d'administration. Vérifiez le profil de connexion.",
    'The server failed (HTTP %1): %2': 'Le serveur a échoué (HTTP %1) : %2',
    'Unexpected answer from the server: %1': 'Réponse inattendue du serveur : %1',
    'Request failed (HTTP %1)': 'La requête a échoué (HTTP %1)',
    # Dispute panel
    'in %1 s': 'dans %1 s',
    '%1 s ago': 'il y a %1 s',
    'Select a <b>denied</b> event to see who held every seat at that moment.': 'Sélectionnez un événement <b>refusé</b> pour voir qui détenait chaque siège à cet instant.',
    '%1 (%n seat(s))': ('%1 (%n siège)', '%1 (%n sièges)'),
    'At <b>%1</b>, <b>%2</b> was refused a seat of <b>%3</b>: <b>%4 of %5</b> seats were held, by %n holder(s): %6.': (
        'Le <b>%1</b>, <b>%2</b> s\u2019est vu refuser un siège de <b>%3</b> : <b>%4 sur %5</b> sièges étaient pris, par %n détenteur : %6.',
        'Le <b>%1</b>, <b>%2</b> s\u2019est vu refuser un siège de <b>%3</b> : <b>%4 sur %5</b> sièges étaient pris, par %n détenteurs : %6.'),
    '%1 held %2 seats at once: one per running instance, or seats left by sessions that did not end.': '%1 détenait %2 sièges à la fois : un par instance lancée, ou des sièges laissés par des sessions mal terminées.',
    'not counted: lapsed without a release': 'non compté : expiré sans libération',
    'counted within the skew tolerance': 'compté grâce à la tolérance de décalage',
    'granted before the loaded events': 'accordé avant les événements chargés',
    'counted': 'compté',
    'Seats as listed by the server at the denial, checked against the replayed grants and releases.': 'Sièges tels que le serveur les a listés au moment du refus, recoupés avec les attributions et libérations rejouées.',
    'Rebuilt from the grants, releases, revocations and reaps before the denial.': 'Reconstitué à partir des attributions, libérations, révocations et nettoyages antérieurs au refus.',
    '%n seat(s) granted earlier were never released: their applications stopped without releasing; they no longer counted.': (
        "%n siège attribué plus tôt n'a jamais été libéré : son application s'est arrêtée sans le rendre ; il n'était plus compté.",
        "%n sièges attribués plus tôt n'ont jamais été libérés : leurs applications se sont arrêtées sans les rendre ; ils n'étaient plus comptés."),
    'Who held the seats': 'Qui détenait les sièges',
    'Holder': 'Détenteur',
    'Seat': 'Siège',
    'Gen.': 'Gén.',
    'Since': 'Depuis',
    'Expiry': 'Expiration',
    'Note': 'Remarque',
    'Retry now': 'Réessayer',
    # Events
    'granted': 'accordé',
    'denied': 'refusé',
    'released': 'libéré',
    'renewal refused': 'renouvellement refusé',
    'revoked': 'révoqué',
    'reaped': 'nettoyé',
    'license created': 'licence créée',
    'license updated': 'licence modifiée',
    'key rotated': 'clé renouvelée',
    'holder blocked': 'détenteur bloqué',
    'generation %1, %2 of %3 seats in use': 'génération %1, %2 sièges utilisés sur %3',
    'all %1 seats taken (%2 in use, %3 holders listed)': 'les %1 sièges sont pris (%2 utilisés, %3 détenteurs listés)',
    'blocked until %1': "bloqué jusqu'à %1",
    'expired at %1': 'expiré à %1',
    '%1 seats, TTL %2 s, skew %3 s, grace %4 s': '%1 sièges, durée %2 s, décalage %3 s, délai de grâce %4 s',
    'Select a denial to see who held every seat at that moment': 'Sélectionnez un refus pour voir qui détenait chaque siège à cet instant',
    'Time': 'Heure',
    'Event': 'Événement',
    'License': 'Licence',
    'By': 'Par',
    'Details': 'Détails',
    '%n event(s)': ('%n événement', '%n événements'),
    'Export events': 'Exporter les événements',
    'CSV files (*.csv)': 'Fichiers CSV (*.csv)',
    'Could not write %1: %2': "Impossible d'écrire %1 : %2",
    'License:': 'Licence :',
    'Holder:': 'Détenteur :',
    'Event:': 'Événement :',
    'any holder': "n'importe quel détenteur",
    'From': 'Du',
    'to': 'au',
    'Export CSV…': 'Exporter en CSV…',
    'Save the events the filters show as a CSV file': 'Enregistrer les événements affichés par les filtres dans un fichier CSV',
    'All events': 'Tous les événements',
    'Denials': 'Refus',
    'Grants': 'Attributions',
    'Releases': 'Libérations',
    'Revocations and blocks': 'Révocations et blocages',
    'Reaps and refused renewals': 'Nettoyages et renouvellements refusés',
    'Seats changing hands': 'Sièges qui changent de mains',
    'License changes': 'Modifications de licence',
    'All licenses': 'Toutes les licences',
    # Key
    '&Copy': '&Copier',
    'License key for %1': 'Clé de licence de %1',
    '<b>Copy this key now.</b> It is shown only once: the server keeps only a hash of it. Applications use it to check out seats of <b>%1</b>.': (
        "<b>Copiez cette clé maintenant.</b> Elle n'est affichée qu'une fois : le serveur n'en garde qu'une empreinte. "
        "Les applications s'en servent pour prendre des sièges de <b>%1</b>."),
    'Copied': 'Copiée',
    # Holders
    '%1 left': 'encore %1',
    'blocked': 'bloqué',
    'expired %1 ago': 'expiré depuis %1',
    'live': 'actif',
    'expired, awaiting reap': 'expiré, en attente de nettoyage',
    '%1 is blocked from this license until %2': "%1 est exclu de cette licence jusqu'au %2",
    '%1 is blocked from this license until %2: %3': "%1 est exclu de cette licence jusqu'au %2 : %3",
    'Seat granted at %1': 'Siège accordé le %1',
    'Held since at least %1 (the grant is older than the events loaded)': "Détenu depuis au moins le %1 (l'attribution est plus ancienne que les événements chargés)",
    'Signed expiry, UTC: %1': 'Expiration signée, UTC : %1',
    "Time left before the signed expiry, on the server's clock": "Temps restant avant l'expiration signée, selon l'horloge du serveur",
    'Fencing token: grows with every grant on this license': "Jeton d'exclusion : augmente à chaque attribution sur cette licence",
    'The seat counts against the license': 'Le siège est décompté de la licence',
    'The lease expired; the seat no longer counts. The reaper deletes the row from %1.': "Le bail a expiré ; le siège n'est plus compté. Le nettoyeur supprime la ligne à partir du %1.",
    "The signature verifies against the server's public key": 'La signature est valide pour la clé publique du serveur',
    "The signature does NOT verify against the server's public key: this lease was altered": "La signature n'est PAS valide pour la clé publique du serveur : ce bail a été modifié",
    'Held since': 'Détenu depuis',
    'Expires at': 'Expire le',
    'Expires in': 'Expire dans',
    'State': 'État',
    'Sig.': 'Sig.',
    # License dialog
    ' s': ' s',
    'New license': 'Nouvelle licence',
    'Edit license %1': 'Modifier la licence %1',
    'e.g. acme-cad': 'par ex. acme-cad',
    'e.g. ACME CAD': 'par ex. ACME CAD',
    'License &id:': '&Identifiant de licence :',
    '&Seats:': '&Sièges :',
    'Lease &TTL:': '&Durée du bail :',
    'Clock s&kew tolerated:': 'Décalage d\u2019horloge &toléré :',
    'Reap &grace:': 'Délai de &grâce avant nettoyage :',
    'How long a lease lasts without a heartbeat. Clients renew at about a third of it.': 'Durée de vie d\u2019un bail sans battement. Les clients le renouvellent vers le tiers de cette durée.',
    'How long an expired lease still counts, to absorb clock differences.': 'Combien de temps un bail expiré compte encore, pour absorber les écarts d\u2019horloge.',
    'How long after its expiry the reaper deletes a lease row. Must exceed the skew.': 'Délai après l\u2019expiration au bout duquel le nettoyeur supprime la ligne du bail. Doit dépasser le décalage.',
    'Create': 'Créer',
    'Save': 'Enregistrer',
    'Enter a license id.': 'Saisissez un identifiant de licence.',
    'The license id may use lowercase letters, digits and dashes (not first), at most 64 characters.': "L'identifiant de licence peut contenir des minuscules, des chiffres et des tirets (pas en premier), 64 caractères au plus.",
    'A license with the id "%1" already exists.': "Une licence d'identifiant « %1 » existe déjà.",
    'Enter a name people will recognize.': 'Saisissez un nom que chacun reconnaîtra.',
    'The name may have at most %1 characters.': 'Le nom peut compter au plus %1 caractères.',
    'The name may not contain control characters.': 'Le nom ne doit pas contenir de caractères de contrôle.',
    'The reap grace (%1 s) must be longer than the skew (%2 s): otherwise the reaper could delete a seat the server still counts.': (
        'Le délai de grâce (%1 s) doit dépasser le décalage toléré (%2 s) : sinon le nettoyeur pourrait supprimer un siège que le serveur compte encore.'),
    "Clients will renew about every %1 s; a crashed client's seat is free after %2 s and its row is reaped after %3 s.": (
        "Les clients renouvelleront environ toutes les %1 s ; le siège d'un client planté est libre au bout de %2 s et sa ligne est nettoyée au bout de %3 s."),
    # Licenses
    '%1 / %2': '%1 / %2',
    'License id: %1': 'Identifiant de licence : %1',
    '%1 of %2 seats in use (live leases only)': '%1 sièges utilisés sur %2 (baux actifs seulement)',
    'Lease lifetime: a client must renew within this time': 'Durée du bail : un client doit le renouveler dans ce délai',
    'Clock skew tolerated: a lease still counts this long after it expires': "Décalage d'horloge toléré : un bail compte encore tout ce temps après son expiration",
    'Reap grace: an expired row is deleted this long after it expires': 'Délai de grâce : une ligne expirée est supprimée tout ce temps après son expiration',
    'Checkouts refused in the last hour because every seat was taken': 'Demandes de siège refusées dans la dernière heure faute de siège libre',
    'Seats': 'Sièges',
    'TTL': 'Durée',
    'Skew': 'Décalage',
    'Grace': 'Grâce',
    'Denied (1 h)': 'Refus (1 h)',
    'Denials in the last hour': 'Refus dans la dernière heure',
    # Main window
    'About Keyright admin': 'À propos de Keyright admin',
    '<h3>Keyright admin %1</h3><p>Floating-license seats as signed leases: who holds each seat, until when, and why a checkout was refused.</p>': (
        '<h3>Keyright admin %1</h3><p>Les sièges de licence flottante sous forme de baux signés : qui détient chaque siège, '
        "jusqu'à quand, et pourquoi une demande a été refusée.</p>"),
    'Keyright admin': 'Keyright admin',
    'Events and disputes': 'Événements et litiges',
    '&Server': '&Serveur',
    '&View': '&Affichage',
    '&Licenses': '&Licences',
    '&Holders': '&Détenteurs',
    '&Help': '&Aide',
    '&Poll every': '&Interroger toutes les',
    '&Language': '&Langue',
    'Main toolbar': "Barre d'outils principale",
    '&Connect to a server…': 'Se &connecter à un serveur…',
    'Connect': 'Connexion',
    '&Export events as CSV…': '&Exporter les événements en CSV…',
    '&Quit': '&Quitter',
    '&Refresh': '&Actualiser',
    'Poll the server now (F5)': 'Interroger le serveur maintenant (F5)',
    '&Filter holders': '&Filtrer les détenteurs',
    '&New license…': '&Nouvelle licence…',
    '&Edit license…': '&Modifier la licence…',
    'Edit': 'Modifier',
    'Rotate license &key…': 'Renouveler la &clé de licence…',
    '&Revoke seat…': '&Révoquer le siège…',
    'Revoke': 'Révoquer',
    'Revoke the selected seat (Delete)': 'Révoquer le siège sélectionné (Suppr)',
    '&Force reap…': '&Forcer le nettoyage…',
    'Force reap': 'Forcer le nettoyage',
    'Reclaim expired seats now (Ctrl+R)': 'Récupérer maintenant les sièges expirés (Ctrl+R)',
    '&About Keyright admin': 'À &propos de Keyright admin',
    '%1 s': '%1 s',
    'The server this dashboard polls': 'Le serveur interrogé par ce tableau de bord',
    "The server's clock minus this computer's, measured from the round trip of GET /v1/time. Countdowns use the server's clock.": (
        "L'horloge du serveur moins celle de cet ordinateur, mesurée sur l'aller-retour de GET /v1/time. Les comptes à rebours suivent l'horloge du serveur."),
    'Not connected': 'Non connecté',
    'connecting': 'connexion en cours',
    'connected': 'connecté',
    'not answering': 'ne répond pas',
    '<span style="color:%1">●</span> %2 (%3) — %4': '<span style="color:%1">●</span> %2 (%3) — %4',
    'Last poll %1 (%2 s ago), every %3 s': 'Dernière interrogation %1 (il y a %2 s), toutes les %3 s',
    'Round trip %1 ms': 'Aller-retour %1 ms',
    'No poll yet': 'Aucune interrogation pour l\u2019instant',
    'Server clock %1%2 ms vs this computer (±%3 ms)': 'Horloge du serveur %1%2 ms par rapport à cet ordinateur (±%3 ms)',
    'Clock offset not measured yet': "Écart d'horloge pas encore mesuré",
    '%n failed poll(s) in a row. Retrying every %1 s; the data shown is from the last successful poll.': (
        '%n interrogation échouée. Nouvel essai toutes les %1 s ; les données affichées datent de la dernière interrogation réussie.',
        '%n interrogations échouées d\u2019affilée. Nouvel essai toutes les %1 s ; les données affichées datent de la dernière interrogation réussie.'),
    'Revoke seat': 'Révoquer le siège',
    'The seat of %1 was not revoked: %2': "Le siège de %1 n'a pas été révoqué : %2",
    'Revoked the seat of %1.': 'Siège de %1 révoqué.',
    '%n seat(s) reclaimed.': ('%n siège récupéré.', '%n sièges récupérés.'),
    'The license was not created: %1': "La licence n'a pas été créée : %1",
    'Edit license': 'Modifier la licence',
    'The license was not changed: %1': "La licence n'a pas été modifiée : %1",
    'Saved %1.': '%1 enregistrée.',
    'Rotate license key': 'Renouveler la clé de licence',
    'Give %1 a new key? Applications using the old key can no longer check out or renew seats until they are given the new one.': (
        "Donner une nouvelle clé à %1 ? Les applications qui utilisent l'ancienne ne pourront plus prendre ni renouveler de sièges tant qu'elles n'auront pas la nouvelle."),
    'The key was not rotated: %1': "La clé n'a pas été renouvelée : %1",
    'Cannot read the admin token of %1': "Impossible de lire le jeton d'administration de %1",
    # Reap
    'Reclaim': 'Récupérer',
    'Expired at': 'Expiré le',
    'Reapable since': 'Nettoyable depuis',
    'Looking for expired leases past their reap grace…': 'Recherche des baux expirés au-delà de leur délai de grâce…',
    'Could not preview: %1': "Impossible d'afficher l'aperçu : %1",
    'Nothing to reclaim: no lease is past its expiry and reap grace.': "Rien à récupérer : aucun bail n'a dépassé son expiration et son délai de grâce.",
    'Close': 'Fermer',
    '%n expired lease row(s) would be deleted. None of them counts against its license any more; reaping tidies the table and the events say who left without releasing.': (
        "%n ligne de bail expiré serait supprimée. Elle n'est plus décomptée de sa licence ; le nettoyage range la table et les événements disent qui est parti sans libérer.",
        "%n lignes de baux expirés seraient supprimées. Aucune n'est plus décomptée de sa licence ; le nettoyage range la table et les événements disent qui est parti sans libérer."),
    'Reclaim %n seat(s)': ('Récupérer %n siège', 'Récupérer %n sièges'),
    'Reap failed: %1': 'Le nettoyage a échoué : %1',
    # Revoke
    'Optional, recorded in the events': 'Facultatif, consigné dans les événements',
    'Do not block': 'Ne pas bloquer',
    '10 minutes': '10 minutes',
    '1 hour': '1 heure',
    '8 hours': '8 heures',
    '1 day': '1 jour',
    '7 days': '7 jours',
    'Revoke the seat of <b>%1</b> on <b>%2</b> (seat %3)?<br>The seat is free at once; the application loses it at its next heartbeat. Without a block it may check out again straight away.': (
        'Révoquer le siège de <b>%1</b> sur <b>%2</b> (siège %3) ?<br>Le siège est libéré immédiatement ; l\u2019application le perd à son prochain battement. '
        'Sans blocage, elle peut en reprendre un aussitôt.'),
    '&Reason:': '&Motif :',
    '&Block this holder for:': '&Bloquer ce détenteur pendant :',
    # Seats page
    'Holders': 'Détenteurs',
    'No licenses on this server yet.': "Aucune licence sur ce serveur pour l'instant.",
    'Select a license to see who holds its seats.': 'Sélectionnez une licence pour voir qui détient ses sièges.',
    'Holders of %1': 'Détenteurs de %1',
    'Holders of %n licenses': ('Détenteurs de %n licence', 'Détenteurs de %n licences'),
    '<span style="color:%1"><b>%2 of %3</b></span> seats in use': '<span style="color:%1"><b>%2 sur %3</b></span> sièges utilisés',
    '<span style="color:#c62828">%n checkout(s) denied in the last hour</span>': (
        '<span style="color:#c62828">%n demande refusée dans la dernière heure</span>',
        '<span style="color:#c62828">%n demandes refusées dans la dernière heure</span>'),
    'Nobody holds a seat of this license right now.': 'Personne ne détient de siège de cette licence en ce moment.',
    'Licenses': 'Licences',
    'Filter holders, seats, states… (Ctrl+F)': 'Filtrer détenteurs, sièges, états… (Ctrl+F)',
    # Chart
    'Seats in use': 'Sièges utilisés',
    'Seats owned': 'Sièges achetés',
    'Seat usage, last hour': 'Utilisation des sièges, dernière heure',
    'Seat usage of %1, last hour': 'Utilisation des sièges de %1, dernière heure',
    # main
    'Keyright administration dashboard': "Tableau de bord d'administration Keyright",
    'Connect to this server.': 'Se connecter à ce serveur.',
    'Admin token file for --server.': "Fichier du jeton d'administration pour --server.",
    'Interface language (en, fr).': "Langue de l'interface (en, fr).",
    'The embedded demo server did not start': "Le serveur de démonstration intégré n'a pas démarré",
    "Cannot read the demo server's token": 'Impossible de lire le jeton du serveur de démonstration',
    'Embedded demo server': 'Serveur de démonstration intégré',
    'Cannot read the admin token: %1': "Impossible de lire le jeton d'administration : %1",
}

# English needs only the plural forms.
EN = {k: (v[0], v[1]) for k, v in {
    '%1 (%n seat(s))': ('%1 (%n seat)', '%1 (%n seats)'),
    'At <b>%1</b>, <b>%2</b> was refused a seat of <b>%3</b>: <b>%4 of %5</b> seats were held, by %n holder(s): %6.': (
        'At <b>%1</b>, <b>%2</b> was refused a seat of <b>%3</b>: <b>%4 of %5</b> seats were held, by %n holder: %6.',
        'At <b>%1</b>, <b>%2</b> was refused a seat of <b>%3</b>: <b>%4 of %5</b> seats were held, by %n holders: %6.'),
    '%n seat(s) granted earlier were never released: their applications stopped without releasing; they no longer counted.': (
        '%n seat granted earlier was never released: its application stopped without releasing; it no longer counted.',
        '%n seats granted earlier were never released: their applications stopped without releasing; they no longer counted.'),
    '%n event(s)': ('%n event', '%n events'),
    '%n failed poll(s) in a row. Retrying every %1 s; the data shown is from the last successful poll.': (
        '%n failed poll. Retrying every %1 s; the data shown is from the last successful poll.',
        '%n failed polls in a row. Retrying every %1 s; the data shown is from the last successful poll.'),
    '%n seat(s) reclaimed.': ('%n seat reclaimed.', '%n seats reclaimed.'),
    '%n expired lease row(s) would be deleted. None of them counts against its license any more; reaping tidies the table and the events say who left without releasing.': (
        '%n expired lease row would be deleted. It no longer counts against its license; reaping tidies the table and the events say who left without releasing.',
        '%n expired lease rows would be deleted. None of them counts against its license any more; reaping tidies the table and the events say who left without releasing.'),
    'Reclaim %n seat(s)': ('Reclaim %n seat', 'Reclaim %n seats'),
    'Holders of %n licenses': ('Holders of %n license', 'Holders of %n licenses'),
    '<span style="color:#c62828">%n checkout(s) denied in the last hour</span>': (
        '<span style="color:#c62828">%n checkout denied in the last hour</span>',
        '<span style="color:#c62828">%n checkouts denied in the last hour</span>'),
}.items()}


def fill(path, table, plural_only):
    tree = ET.parse(path)
    missing = []
    for message in tree.getroot().iter('message'):
        source = message.find('source').text
        translation = message.find('translation')
        numerus = message.get('numerus') == 'yes'
        if plural_only and not numerus:
            continue
        value = table.get(source)
        if value is None:
            missing.append(source)
            continue
        translation.attrib.pop('type', None)
        for child in list(translation):
            translation.remove(child)
        translation.text = None
        if numerus:
            forms = value if isinstance(value, tuple) else (value, value)
            for form in forms:
                ET.SubElement(translation, 'numerusform').text = form
        else:
            translation.text = value if isinstance(value, str) else value[0]
    ET.indent(tree, '    ')
    tree.write(path, encoding='utf-8', xml_declaration=True)
    text = Path(path).read_text(encoding='utf-8').replace("<?xml version='1.0' encoding='utf-8'?>",
                                                          '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>', 1)
    Path(path).write_text(text, encoding='utf-8')
    return missing


here = Path(__file__).resolve().parent
missing = fill(here / 'keyright_fr.ts', FR, False) + fill(here / 'keyright_en.ts', EN, True)
for m in missing:
    print('untranslated:', m, file=sys.stderr)
sys.exit(1 if missing else 0)
