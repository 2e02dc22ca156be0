## /статистика

stats-title = 📊 { $name } — { $game }
stats-all-games = все игры
stats-none = { $name }: законченных партий на этом сервере пока нет.
stats-none-game = { $name }: законченных партий в «{ $game }» на этом сервере пока нет.
stats-games = { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  } · побед: { $wins } ({ $rate } %)
stats-rating = Рейтинг: **{ $rating }** (по итогам { $games ->
    [one] { $games } партии
   *[other] { $games } партий
  } с другими участниками)
stats-unrated = Рейтинга пока нет: он появится после партий с другими участниками
stats-scores = { $order ->
    [low] Лучший (наименьший) счёт
   *[high] Лучший счёт
  }: { $best } · в среднем: { $average }
stats-recent = Последние партии
stats-place = место { $place } из { $players }
stats-players = { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
  }
stats-team-won = все карты сыграны
stats-cards-left = { $count ->
    [one] осталась { $count } карта
    [few] остались { $count } карты
   *[many] осталось { $count } карт
  }
stats-team-line = **{ $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[many] { $players } игроков
  }**: { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  }, побед: { $wins } ({ $rate } %), меньше всего карт осталось: { $best }
rating-explained = Рейтинг = 1 000 + 40 × (μ − 3σ): осторожная оценка мастерства игрока по системе OpenSkill. Все начинают с 1 000; рейтинг растёт с победами и по мере того, как новые партии уточняют оценку.

## /лидеры

leaderboard-title = 🏆 { $game } — таблица лидеров
leaderboard-line = **{ $place }.** { $name } — **{ $rating }** · { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  }
leaderboard-empty = Пока никто не сыграл с другими участниками { $min ->
    [one] { $min } партию
    [few] { $min } партии
   *[many] { $min } партий
  }.
leaderboard-you = Вы
leaderboard-mine = Место { $place } · **{ $rating }** · { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  }
leaderboard-mine-few = Вас пока нет в таблице: в неё попадают, сыграв с другими участниками не меньше { $needed ->
    [one] { $needed } партии
   *[other] { $needed } партий
  } (у вас — { $games }).
leaderboard-mine-none = Вы ещё не играли в эту игру с другими участниками.
leaderboard-page = Страница { $page } из { $pages } · в таблице — от { $min ->
    [one] { $min } партии
   *[other] { $min } партий
  } с другими участниками
leaderboard-previous = ◀ Назад
leaderboard-next = Вперёд ▶
teams-title = 🤝 { $game } — результаты команды
teams-empty = На этом сервере ещё не закончилась ни одна партия в эту игру.
teams-footer = Все играют вместе: рейтингов нет, только результаты команды по числу игроков.

## /история и записи партий

history-title = 📜 Последние партии на этом сервере
history-title-game = 📜 Последние партии: { $game }
history-line = **{ $number }.** { $game } · `{ $id }`
history-empty = На этом сервере ещё не закончилась ни одна партия.
history-empty-game = На этом сервере ещё не закончилась ни одна партия в «{ $game }».
history-footer = 🎬 Кнопки ниже показывают запись партии; команда /игра запись номер:<номер> пришлёт её файлом.
history-replay = Запись { $number }
replay-button = Запись партии
replay-title = 🎬 { $game } — ход { $step } из { $steps }
replay-title-start = 🎬 { $game } — начало
replay-move = Этот ход
replay-deal = Партия начинается.
replay-undo = ↩️ { $who } отменяет свой последний ход.
replay-acted = { $who } делает ход.
replay-acted-mindup = { $who }: карта выбрана (какая — видно ниже, в картах игрока).
replay-footer = Партия окончена, и в ней больше нет секретов: видно всё, что было на руках у каждого игрока. Партия { $id }
log-attached = 📄 Запись партии { $id }: версия движка, начальное число (seed), настройки, места и все ходы. Как воспроизвести её в несколько строк на Python, показано в docs/replays.md.

## Отказы

error-server-only = Это работает только на сервере.
error-ratings-off = Рейтинги на этом сервере выключены (/настройки рейтинги).
error-replay-unknown = На этом сервере нет законченной партии с таким номером.
error-replay-hidden = Эта партия шла в канале, который вам не виден: смотреть её могут только её участники и те, кому этот канал открыт.
error-replay-running = Эта партия ещё идёт: её запись будет доступна, когда она закончится.
error-replay-unfinished = Эта партия была прервана без результата: смотреть нечего.
error-replay-changed = С тех пор правила изменились: эту партию уже не воспроизвести точно.

## /настройки

config-ratings = Рейтинги: { $value } · в таблицу лидеров попадают после { $games ->
    [one] { $games } партии
   *[other] { $games } партий
  } с другими участниками

## Слеш-команды

cmd-stats = статистика
cmd-stats-desc = Партии и рейтинг участника на этом сервере
cmd-stats-member = Чьи партии (ваши, если не указано)
cmd-stats-game = Одна игра (все игры, если не указано)
cmd-leaderboard = лидеры
cmd-leaderboard-desc = Лучшие игроки этого сервера в игре
cmd-leaderboard-game = Игра, по которой строится таблица
cmd-history = история
cmd-history-desc = Последние законченные партии на этом сервере
cmd-history-game = Одна игра (все игры, если не указано)
cmd-log = запись
cmd-log-desc = Законченная партия файлом JSON, чтобы воспроизвести её
cmd-log-id = Номер партии, как его показывают /история и игровое поле
cmd-arg-id = номер
cmd-config-ratings = рейтинги
cmd-config-ratings-desc = Рейтинги в соревновательных играх и таблицы лидеров
cmd-config-ratings-value = да — законченные партии меняют рейтинги игроков; нет — не меняют
cmd-config-ratings-min-games = Сколько партий с другими участниками нужно для таблицы лидеров (1–1000)
cmd-arg-min-games = минимум_партий
