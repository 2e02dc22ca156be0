## Mind Up!: стол, панель руки, вскрытия, очки раундов, настройки и правила.

mindup-round = **Раунд { $round }/{ $rounds }**
mindup-turn = ход { $turn }/{ $turns }
mindup-deck = 🂠 колода: { $count ->
    [0] пуста
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
  }
mindup-over = **Игра окончена**: { $rounds ->
    [one] { $rounds } раунд сыгран и подсчитан.
    [few] все { $rounds } раунда сыграны и подсчитаны.
   *[many] все { $rounds } раундов сыграны и подсчитаны.
  }
mindup-columns = Карты коллекции слева направо: { $columns } (столько очков приносит каждая карта, лежащая на них)
mindup-central = 🃏 Центральный ряд: { $cards }
mindup-hands = ✋ { $count ->
    [one] У каждого в руке { $count } карта
    [few] У каждого в руке { $count } карты
   *[many] У каждого в руке { $count } карт
  }
mindup-empty = пока пусто
mindup-player = { $mark } **{ $name }** — { $collection } · в этом раунде: { $points }
mindup-before = в прошлых раундах: { $total }
mindup-player-final = **{ $name }** — { $collection } · всего **{ $total }** ({ $rounds })
mindup-legend = ✅ карта выбрана · ⏳ ещё выбирает — выбрано { $chosen } из { $count }; все карты скрыты до вскрытия
mindup-goals-round = { $count ->
    [one] Цель этого раунда:
   *[other] Цели этого раунда:
  }
mindup-goals-fixed = { $count ->
    [one] Цель на всю игру:
   *[other] Цели на всю игру:
  }

mindup-your-cards = ✋ Ваши карты: { $cards }
mindup-your-choice = 🔒 Ваша тайная карта: **{ $card }**. Её никто не увидит, пока не выберут все.
mindup-waiting = { $count ->
    [one] Ещё выбирает { $count } игрок.
    [few] Ещё выбирают { $count } игрока.
   *[many] Ещё выбирают { $count } игроков.
  }
mindup-how = Выберите карту ниже. Сыгранные карты выкладываются по возрастанию: самая маленькая забирает крайнюю левую карту центрального ряда, следующая — вторую и так далее.
mindup-keep-last = Последний выбор в раунде: карта, которая останется у вас в руке, сразу ляжет в коллекцию.
mindup-your-collection = 🗂️ Ваша коллекция: { $collection }
mindup-seat-cards = ✋ Карты: { $cards }
mindup-seat-choice = 🔒 Тайная карта, ещё не открыта: **{ $card }**
mindup-seat-collection = 🗂️ Коллекция: { $collection }
mindup-your-score = 📊 В этом раунде пока: { $points }
mindup-your-total = 📊 Ваш итог: **{ $total }**
mindup-icons = Значки: ⁺¹ и ⁺² прибавляют очки, ⁻¹ отнимает одно.
mindup-your-goals = 🎯 Цели, которые вы сейчас выполняете: { $goals }
mindup-player-goals = цели: { $goals }
mindup-goals-none = ни одной

mindup-colour-orange = оранжевая
mindup-colour-blue = синяя
mindup-colour-green = зелёная
mindup-colour-purple = фиолетовая
mindup-colour-pink = розовая

mindup-took = { $who } { $played } ➜ { $taken }
mindup-ev-reveal = 🃏 **Ход { $turn }, карты вскрыты** (сыграна ➜ взята): { $plays }
mindup-ev-last-cards = 📥 Последние карты сразу ложатся в коллекции: { $cards }
mindup-ev-round-scored = 📊 **Итоги раунда { $round }:** { $scores }
mindup-score = { $who } **{ $points }** ({ $detail }), всего { $total }
mindup-detail = коллекция { $columns }, значки { $icons }
mindup-detail-goals = цели { $goals }
mindup-ev-round-started = 🔄 **Раунд { $round }**: все забирают коллекцию в руку и берут по карте из колоды (в руке { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
  }). Новый порядок карт коллекции: { $columns }.
mindup-ev-new-goals = Цели: { $goals }.
mindup-ev-game-over = 🏆 Игра окончена: { $count ->
    [one] побеждает { $winners }
   *[other] победу делят { $winners }
  }.

mindup-goal-1 = ровно 1 или 3 карты 🟧
mindup-goal-2 = ваши 🟧 лежат на карте коллекции 1️⃣ или 2️⃣
mindup-goal-3 = ровно 2 или 4 карты 🟦
mindup-goal-4 = есть 🟦, и ни одного цвета у вас не больше, чем 🟦
mindup-goal-5 = ни у кого нет меньше карт 🩷, чем у вас (равенство и ноль тоже считаются)
mindup-goal-6 = ни у кого нет больше карт 🩷, чем у вас (равенство тоже считается)
mindup-goal-7 = 🟩 лежат на самой правой из занятых карт коллекции
mindup-goal-8 = ваши 🟩 лежат на карте коллекции 4️⃣ или 5️⃣
mindup-goal-9 = есть 🟪, и их не меньше, чем 🟧
mindup-goal-10 = ни у кого нет больше карт 🟪, чем у вас (равенство тоже считается)
mindup-goal-11 = все пять цветов
mindup-goal-12 = ровно три цвета
mindup-goal-13 = хотя бы на одной карте коллекции ровно 3 карты
mindup-goal-14 = хотя бы на одной карте коллекции ровно 4 карты

group-mindup-play = Выберите тайную карту…

illegal-already_chosen = Вы уже выбрали карту на этот ход.

tiebreak-mindup-round3_score = При равенстве очков выше тот, кто набрал больше в третьем раунде.
tiebreak-mindup-bonus_icons = При равенстве очков и в сумме, и в третьем раунде выше тот, у кого за три раунда больше бонусных значков ⁺¹ и ⁺² ({ $icons }).
tiebreak-mindup-net_icons = При равенстве очков и в сумме, и в третьем раунде выше тот, у кого за три раунда больше сумма значков ({ $icons }).
tiebreak-mindup-shared_victory = Равенство сохранилось и по всем дополнительным показателям: победа общая.

opt-mindup-goals = Карты целей
opt-mindup-goal_count = Сколько целей действует одновременно
opt-mindup-tiebreak2 = Второй показатель при ничьей
optkey-mindup-goals = цели
optkey-mindup-goal_count = число_целей
optkey-mindup-tiebreak2 = ничья
optval-mindup-goals-off = без целей
optval-mindup-goals-per_round = новые цели каждый раунд
optval-mindup-goals-fixed = одни и те же на всю игру
optval-mindup-tiebreak2-bonus_only = бонусные значки ⁺¹/⁺²
optval-mindup-tiebreak2-net_icons = все значки, со штрафными
optword-mindup-goals-off = нет
optword-mindup-goals-per_round = каждый_раунд
optword-mindup-goals-fixed = на_всю_игру
optword-mindup-tiebreak2-bonus_only = бонусные
optword-mindup-tiebreak2-net_icons = все_значки

rules-mindup = Игра идёт три раунда; в начале у каждого 7 карт (потом 8 и 9). Каждый ход все тайно выбирают по карте из руки. Когда выбрали все, карты вскрываются и выкладываются по возрастанию: самая маленькая забирает крайнюю левую карту центрального ряда, следующая — вторую и так далее. Только что сыгранные карты становятся новым центральным рядом. Взятая карта ложится на карту коллекции, где уже лежит этот цвет, а если такого нет — на крайнюю левую свободную. Пять карт коллекции (от 1 до 5, порядок общий для всех и случайный) приносят своё значение за каждую карту на них; значки на картах с числами добавляют ⁺¹ или ⁺² либо отнимают ⁻¹. Когда у всех останется по одной карте, она сразу ложится в коллекцию, и раунд подсчитывается. Затем все забирают коллекцию в руку, берут одну карту из колоды, а карты коллекции перемешиваются заново. Побеждает тот, у кого больше очков после трёх раундов; при равенстве — у кого больше в третьем раунде, затем у кого больше бонусных значков. Вариант: карты целей дают ±2 очка в конце каждого раунда.
