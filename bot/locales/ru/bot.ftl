## Общие тексты бота. Тексты отдельных игр лежат рядом, в <slug>.ftl.

yes = да
no = нет

## Игры
game-mindup = Mind Up!
game-thegame = The Game
game-genial = Совершенно гениально
game-hourglass = Песочные часы
game-zero = Зеро
rules-variants = Варианты
rules-button = 📖 Правила
rules-this-game = В этой партии

## Лобби
lobby-title = 🎲 { $game } — сбор игроков
lobby-seats = Места ({ $count } из { $max })
lobby-footer = Игроков: от { $low } до { $high }. Создатель игры начинает партию, когда все в сборе.
lobby-join = Присоединиться
lobby-leave = Выйти
lobby-addai = Добавить ИИ
lobby-rmai = Убрать ИИ
lobby-start = Начать
lobby-cancel = Отменить
lobby-closed = Сбор игроков закрыт.
lobby-left = Вы вышли из сбора игроков.
lobby-in-thread = Ваш сбор игроков открыт в ветке { $thread }.
thread-name = { $game }
ai-name = ИИ { $number }
seat-host = создатель игры
seat-waiting = ждём подтверждения
rematch-button = 🔁 Сыграть ещё
lobby-rematch = 🔁 Реванш! { $who }, нажмите «Присоединиться», чтобы снова занять { $count ->
    [one] своё место
   *[other] свои места
  }; создатель игры может начать с теми, кто уже присоединился.
error-rematch-players-only = Начать эту партию заново могут только её игроки.
error-game-not-over = Эта партия ещё не закончилась, поэтому сыграть её заново пока нельзя.
seat-ai-playing = пока играет ИИ
seat-ai-kicked = до конца партии играет ИИ
result-ai-kicked = играл ИИ
options-base = Правила базовой игры.
options-by-admins = На этом сервере настройки выбирают администраторы (/настройки настройка-игры).
option-seat = место { $number }
optword-yes = да
optword-no = нет
misfit-seat = { $option }: места { $seat } нет, игроков всего { $players }
misfit-players = { $option }: только когда игроков { $players }

## Поле
board-players = Игроки
board-to-act = Ждём
board-paused = ⏸️ Пауза
board-paused-until = за столом никого нет: игра продолжится, когда кто-то из игроков нажмёт «Продолжить», иначе закончится
board-last-moves = Последние ходы
board-final = Итог
board-footer = Игра { $id } · нажмите «Мои карты», чтобы увидеть свои карты и сделать ход
board-footer-genial = Игра { $id } · нажмите «Мои жетоны», чтобы увидеть свою коллекцию и сделать ход
board-footer-zero = Игра { $id } · нажмите «Мои карточки», чтобы увидеть их и сделать ход
board-my-hand = Мои карты
board-my-hand-genial = Мои жетоны
board-my-hand-zero = Мои карточки
board-finished = Игра окончена.
board-abandoned = Игра прервана.
board-moved = ⤵️ Поле перенесено ниже: { $link }
board-cancelled = Игра отменена.
score-points = { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[many] { $points } очков
  }
results-title = 🏁 Партия в **«{ $game }»** окончена!
results-abandoned = Партия в **«{ $game }»** прервана, результат не засчитан.
result-stuck = У игрока { $who } не нашлось карты для хода, поэтому игра окончена.

## Личная панель
hand-title = { $game } — ваши карты
hand-title-genial = { $game } — ваша коллекция
hand-title-zero = { $game } — ваши карточки
hand-wait = Сейчас не ваш ход. Когда он наступит, панель обновится сама; если этого не случилось, нажмите «{ $button }».
panel-expired = ⏳ Эта панель больше не обновляется сама: нажмите «{ $button }», чтобы открыть новую.
hand-game-over = Игра окончена, итоги — в канале.
forced = Возможен только один ход: { $move }
forced-thegame-stop = Ни одной карты сыграть нельзя — закончите ход
group-part = { $group } ({ $part }/{ $parts })
signal-sent = Ваш сигнал показан на поле.

## Личные сообщения
dm-your-turn = Ваш ход! Игра: { $link }
dm-game = Игра: { $link }
hand-clock = Время на ход истечёт
dm-reminder = ⏳ Прошла половина времени на ход: оно истечёт { $when }. Игра: { $link }
dm-closed = Не получилось написать вам в личные сообщения, поэтому играйте в канале кнопкой «{ $button }».
dm-turn-off = Не писать мне о ходах
dm-turn-on = Снова писать мне о ходах
dm-on = Когда наступит ваш ход, я напишу вам в личные сообщения.
dm-off = Больше не буду писать о ходах. Играть можно кнопкой под игровым полем в канале, а снова включить сообщения — командой `/игра уведомления`.
dm-cannot-post = Мне запрещено писать в { $channel }, где идёт ваша игра «{ $game }», поэтому там не видно ни её ходов, ни поля, ни итогов. { $count ->
    [0] Администратор может проверить мои права { $settings }.
    [one] Мне не хватает права { $missing }: администратор может вернуть его { $settings }, в разделе «Права доступа».
   *[other] Мне не хватает прав: { $missing }. Администратор может вернуть их { $settings }, в разделе «Права доступа».
} Игра тем временем продолжается.
dms-now-on = Когда в игре наступает ваш ход, я пишу вам в личные сообщения, и оттуда можно сделать ход.
dms-now-off = Сообщения о ходах выключены: когда наступит ваш ход, играйте кнопкой под игровым полем в канале.

## Выход и завершение
leave-confirm = Выйти из партии в **«{ $game }»**? Ваше место займёт ИИ и доиграет за вас.
leave-confirm-button = Да, выйти
leave-done = Вы вышли из игры, теперь на вашем месте играет ИИ.
end-confirm = Завершить партию в **«{ $game }»** для всех? Результат не будет засчитан.
end-confirm-button = Да, завершить
end-done = Игра завершена.

## Отказы
error-game-over = Эта игра уже закончилась.
error-game-restarting = Бот перезапускается, поэтому ход не сделан. Попробуйте ещё раз через несколько секунд.
error-options-locked = На этом сервере настройки игр меняют только администраторы (/настройки).
error-already-joined = Вы уже в этой игре.
error-lobby-full = Свободных мест нет.
error-not-in-lobby = Вас нет среди игроков.
error-no-ai-seat = Убирать некого: ИИ за столом нет.
error-seat-count = Для этой игры нужно от { $low } до { $high ->
    [one] { $high } игрока
   *[other] { $high } игроков
  }.
error-options-players = Эти настройки не подходят для такого числа игроков: { $detail }
error-already-started = Игра уже началась.
error-lobby-closed = Этот сбор игроков уже закрыт.
error-status-elsewhere = Ваша игра идёт в { $channel }: используйте эту команду там.
error-host-only = Это может сделать только создатель игры.
error-not-a-player = Вы не участвуете в этой игре.
error-not-started = Игра ещё не началась.
error-stale = Эта панель устарела, поэтому ход не сделан. Вот актуальная.
error-nothing-to-undo = Сейчас вам нечего отменять.
board-undo = ↩️ { $who } отменяет свой последний ход.
undo-button = ↩️ Отменить ход
error-unexpected = Простите, у нас что-то сломалось. С игрой всё в порядке — попробуйте ещё раз.
error-not-saved = Не удалось это сохранить, поэтому ничего не изменилось. Попробуйте ещё раз чуть позже.
error-owner-away = Часть бота, которая ведёт эту игру, сейчас перезапускается, поэтому ничего не изменилось. Попробуйте ещё раз чуть позже.
error-owner-lost = Часть бота, которая ведёт эту игру, остановилась, пока делала ваш ход. Посмотрите на игру: если хода там нет, попробуйте ещё раз.
error-unknown-game = Такой игры здесь нет. Выберите игру из списка.
error-kicked = Вас исключили из этой игры, поэтому играть в ней вы больше не можете.
error-kick-self = Исключить самого себя нельзя: чтобы выйти из игры, используйте /игра выйти — ваше место займёт ИИ, а потом место можно будет вернуть.
error-member-not-playing = Этот участник не играет в этой партии.
error-lobbies-member = У вас уже { $count ->
    [one] открыт { $count } сбор игроков
    [few] открыто { $count } сбора игроков
   *[other] открыто { $count } сборов игроков
} на этом сервере. Сначала начните или отмените один из них.
error-lobbies-server = На этом сервере уже { $count ->
    [one] открыт { $count } сбор игроков
    [few] открыто { $count } сбора игроков
   *[other] открыто { $count } сборов игроков
}. Сначала начните или отмените один из них или попросите администратора разрешить больше (/настройки сборы).
error-channel-busy = В этом канале уже идёт игра или сбор игроков. Дождитесь конца или попросите администратора включить ветки (/настройки ветки), чтобы у каждой игры была своя.
error-thread-busy = В этой ветке уже идёт игра или сбор игроков. Наберите /новая-игра в самом канале: у каждой игры будет своя ветка.
error-channel-busy-threads = В этом канале уже идёт игра или сбор игроков. Дождитесь конца или наберите /новая-игра: у каждой новой игры будет своя ветка.
error-thread-busy-no-threads = В этой ветке уже идёт игра или сбор игроков. Дождитесь конца или начните игру в другом канале.
error-bot-permissions = Здесь я не могу провести игру: у меня нет { $count ->
    [one] права { $missing }. Администратор может выдать его
   *[other] прав: { $missing }. Администратор может выдать их
} { $settings }, в разделе «Права доступа».
error-bot-permissions-pictures = Здесь я не могу провести игру: у меня нет права { $missing }, а без него не отправить картинки стола. Администратор может выдать его { $settings }, в разделе «Права доступа», или выключить картинки командой `/настройки картинки значение:нет`.
permission-settings = в настройках канала
permission-settings-parent = в настройках канала { $channel }
permission-view_channel = Просматривать канал
permission-send_messages = Отправлять сообщения
permission-create_public_threads = Создавать публичные ветки
permission-send_messages_in_threads = Отправлять сообщения в ветках
permission-embed_links = Встраивать ссылки
permission-attach_files = Прикреплять файлы
error-options-syntax = Не удалось разобрать «{ $part }». Пишите настройки в виде имя=значение, например { $example }.
error-option-unknown = У этой игры нет настройки «{ $option }». Её настройки: { $names }.
error-option-invalid = Настройка «{ $option }» не может иметь значение «{ $value }». Выберите одно из: { $values }.
error-option-unavailable = Для настройки «{ $option }» сейчас нельзя выбрать «{ $value }».
error-option-needs = { $option } можно выбрать только вместе с { $needs }: укажите обе настройки, `{ $needs } { $option }`.
error-options-clash = Эти настройки не сочетаются: { $options }.
error-option-twice = Настройка «{ $option }» указана дважды с разными значениями: укажите её один раз.
error-no-game-here = Здесь у вас нет текущей игры.
error-several-games = На этом сервере вы играете сразу в несколько игр: вызовите команду в канале той, что нужна ({ $channels }).
error-config-admin-only = Менять настройки могут только участники с правом «Управлять сервером».
error-config-invalid = Недопустимое значение: { $detail }
error-config-no-threads = Здесь у игр не может быть своих веток: каждая игра идёт в том канале, где её открыли.
illegal-malformed = Не удалось понять это действие.
illegal-game_over = Эта игра уже закончилась.
illegal-not_your_turn = Сейчас не ваш ход.
illegal-not_legal = Сейчас так ходить нельзя.
illegal-not_in_hand = У вас нет этой карты.
illegal-illegal_pile = Эту карту туда класть нельзя.
illegal-bad_seat = Вы не участвуете в этой игре.

## Настройки
config-saved = Сохранено.
config-language = Язык сообщений в канале: { $value }
language-en = английский
language-ru = русский
config-threads = Каждая игра в своей ветке: { $value }
config-turn-seconds = Время на ход: { $seconds ->
    [0] не ограничено
    [one] { $seconds } секунда
    [few] { $seconds } секунды
   *[many] { $seconds } секунд
  }
config-choice-seconds = Время на тайный выбор: { $seconds ->
    [0] не ограничено
    [one] { $seconds } секунда
    [few] { $seconds } секунды
   *[many] { $seconds } секунд
  }
config-host-options = Создатель игры может менять настройки: { $value }
config-players-options = Настройки при сборе игроков может менять любой участник: { $value }
config-defaults = { $game }: настройки по умолчанию на этом сервере

## Слеш-команды (имена — строчными буквами, без пробелов)
cmd-newgame = новая-игра
cmd-newgame-desc = Открыть здесь сбор игроков на новую партию
cmd-newgame-game = Во что играем
cmd-newgame-options = Варианты правил в виде имя=значение (с подсказками); их можно выбрать и при сборе игроков
cmd-arg-game = игра
cmd-arg-options = настройки
cmd-game = игра
cmd-game-desc = Ваша текущая игра
cmd-hand = карты
cmd-hand-desc = Показать ваши карты
cmd-status = поле
cmd-status-desc = Заново показать игровое поле (или сбор игроков)
cmd-leave = выйти
cmd-leave-desc = Выйти из игры, ваше место займёт ИИ
cmd-end = завершить
cmd-end-desc = Завершить игру для всех
cmd-rules = правила
cmd-rules-desc = Как играть
cmd-config = настройки
cmd-config-desc = Настройки игр на сервере (для администраторов)
cmd-config-show = показать
cmd-config-show-desc = Показать настройки сервера
cmd-config-language = язык
cmd-config-language-desc = Язык игровых сообщений в канале
cmd-config-threads = ветки
cmd-config-threads-desc = Открывать каждую игру в отдельной ветке
cmd-config-timer = таймер
cmd-config-timer-desc = Секунд на ход и на тайный выбор (0 — без ограничения)
cmd-config-host-options = настройки-создателя
cmd-config-host-options-desc = Может ли создатель игры менять её настройки
cmd-config-option = настройка-игры
cmd-config-option-desc = Настройки игры по умолчанию на этом сервере: выбираются из списков

## Чтобы игра не зависала
notice-reminder = ⏳ { $who }, прошла половина времени на ход: оно истечёт { $when }.
notice-takeover = 🤖 { $who }, время на ход{ $timeouts ->
    [1] { "" }
   *[other] { " снова" }
  } вышло, поэтому дальше { $count ->
    [one] на вашем месте
   *[other] на ваших местах
  } играет ИИ. Нажмите кнопку, чтобы вернуться в игру.
notice-afk-ended = ⌛ { $who }: ход не сделан вовремя, поэтому игра окончена (так настроено на сервере).
notice-lobby-expired = Сбор игроков закрыт: игру не начали за { $minutes ->
    [one] { $minutes } минуту
    [few] { $minutes } минуты
   *[many] { $minutes } минут
  }.
notice-member-left = { $who } покидает сервер, поэтому теперь за этого игрока играет ИИ.
notice-left = 🚪 { $who } выходит из игры, теперь за этого игрока играет ИИ. Передумали? До конца партии место можно вернуть кнопкой ниже.
notice-kicked = 🚪 { $who } больше не участвует в игре: до конца партии за этого игрока играет ИИ.
notice-paused = ⏸️ { $who }: за столом никого не осталось, поэтому игра на паузе. Нажмите «Продолжить», чтобы вернуться на своё место; если никто не вернётся в течение { $minutes ->
    [one] { $minutes } минуты
    [few] { $minutes } минут
   *[many] { $minutes } минут
  }, игра закончится без результата.
notice-resumed = ▶️ { $who } снова за столом — игра продолжается.
resume-button = Продолжить
dm-kicked = Создатель игры или администратор сервера исключил вас из партии в **«{ $game }»**; до конца на вашем месте играет ИИ. Игра: { $link }
confirm-cancel-button = Отмена
confirm-cancelled = Ничего не изменилось.
reclaim-button = Вернуться в игру
reclaim-done = Вы снова в игре. Нажмите «{ $button }», чтобы сделать ход.
error-seat-not-taken = ИИ сейчас не играет на вашем месте.
error-ai-plays-seat = Сейчас за вас играет ИИ. Чтобы снова играть, верните себе место: откройте свою панель и нажмите «Вернуться в игру».
hand-ai-plays = Сейчас за вас играет ИИ. Верните себе место, чтобы снова играть.
kick-done = Теперь вместо игрока { $member } играет ИИ.
kick-done-lobby = Место игрока { $member } в сборе игроков освободилось.
kick-done-lobby-closed = Игрок { $member } был последним в сборе игроков, поэтому сбор закрыт.
config-afk-ai = Если время на ход вышло: за игрока ходит ИИ, а после { $count ->
    [one] { $count } пропуска
   *[other] { $count } пропусков
  } подряд остаётся на его месте
config-afk-end = Если время на ход вышло: игра заканчивается
config-reminder-off = Напоминание на половине времени: выключено
config-reminder-mention = Напоминание на половине времени: упоминание в канале
config-reminder-dm = Напоминание на половине времени: личное сообщение
config-lobby-minutes = Сбор игроков закрывается, если игру не начали за { $minutes ->
    [one] { $minutes } минуту
    [few] { $minutes } минуты
   *[many] { $minutes } минут
  }
config-pause-minutes = Игра, за столом которой никого не осталось, заканчивается после { $minutes ->
    [one] { $minutes } минуты
    [few] { $minutes } минут
   *[many] { $minutes } минут
  } паузы
cmd-kick = исключить
cmd-kick-desc = Передать место участника ИИ (для создателя игры и администраторов)
cmd-dms = уведомления
cmd-dms-desc = Включить или выключить личные сообщения о вашем ходе
cmd-games = игры
cmd-games-desc = Сборы, к которым можно присоединиться, и партии, что идут на этом сервере
cmd-arg-member = участник
cmd-config-afk = бездействие
cmd-config-afk-desc = Что делать, если время на ход вышло
config-lobbies = Одновременно открытых сборов игроков: { $member } на участника, { $server } на сервер
cmd-config-lobbies = сборы
cmd-config-lobbies-desc = Сколько сборов игроков может быть открыто одновременно
cmd-config-lobbies-member = Сколько сборов игроков может открыть один участник (1–25)
cmd-config-lobbies-server = Сколько сборов игроков может быть открыто на сервере всего (1–200)
cmd-arg-per-member = на_участника
cmd-arg-per-server = на_сервер

## Параметры слеш-команд (имена: 1–32 строчных символа; описания: не длиннее 100)
cmd-arg-value = значение
cmd-arg-turn-seconds = секунд_на_ход
cmd-arg-choice-seconds = секунд_на_выбор
cmd-arg-policy = режим
cmd-arg-takeover-after = пропусков_до_ии
cmd-arg-reminder = напоминание
cmd-arg-lobby-minutes = минут_на_сбор
cmd-arg-pause-minutes = минут_паузы
cmd-arg-players = игроки
cmd-rules-game = Правила какой игры показать
cmd-kick-member = Участник, чьё место займёт ИИ
cmd-config-language-value = Английский или русский
cmd-config-threads-value = True — у каждой игры своя ветка; False — игры идут прямо в канале
cmd-config-timer-turn = Секунд на каждый ход (0 — без ограничения)
cmd-config-timer-choice = Секунд на тайный выбор, как в Mind Up! (0 — без ограничения); если не указать, не изменится
cmd-config-afk-policy = Что происходит, когда время на ход вышло
choice-afk-ai = за игрока ходит ИИ
choice-afk-end = игра заканчивается
cmd-config-afk-takeover = После стольких пропусков подряд ИИ остаётся на месте игрока (1–20)
cmd-config-afk-reminder = Напоминание, когда прошла половина времени, и как его присылать
choice-reminder-off = без напоминания
choice-reminder-mention = упоминание в канале
choice-reminder-dm = личное сообщение
cmd-config-afk-lobby-minutes = Через сколько минут закрывается сбор игроков, если игру не начали (1–1440)
cmd-config-afk-pause-minutes = Сколько минут ждёт игра, за столом которой никого не осталось, прежде чем закончиться (1–1440)
cmd-config-host-options-value = True — создатель игры выбирает настройки в /новая-игра; False — действуют настройки сервера
cmd-config-option-game = Игра, настройки которой вы задаёте
cmd-config-host-options-players = True — настройки при сборе игроков меняет любой участник, а не только создатель игры

## /games

games-title = 🎲 Игры на этом сервере
games-none = На этом сервере сейчас нет ни сборов, ни партий. Начните новую командой `/новая-игра`.
games-lobby = 🟢 **{ $game }** · [сбор игроков]({ $link }) в { $channel } · занято мест: { $taken } из { $seats } — { $players }
games-running = ▶️ **{ $game }** · [партия]({ $link }) в { $channel } · { $players }
games-paused = ⏸️ **{ $game }** · [на паузе]({ $link }) в { $channel } · { $players }
games-more = …и ещё { $count }.
