## Песочные часы: стол, панель руки, ходы, настройки и правила.

hourglass-round = **Раунд { $round }**
hourglass-deck-pass = 🂠 Колода ({ $current ->
    [1] первый
   *[other] второй
  } круг из двух): { $count ->
    [0] пуста
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
  }
hourglass-deck = 🂠 Колода: { $count ->
    [0] пуста
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
  }
hourglass-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
  }
hourglass-set = { $set } { $direction } · сверху { $top }{ $under } · ⏳{ $hourglasses } · 👤 { $owner }
hourglass-under = (+{ $count } под ней)
hourglass-empty-holder = { $set } пустая подставка: здесь можно начать новый набор
hourglass-empty-holder-closed = { $set } пустая подставка: пока все наборы на столе ваши, начать новый нельзя
hourglass-player = **{ $name }** — ✋ в руке { $hand } · 📥 в копилке { $collected }
hourglass-scores-hidden = ⏳ У кого сколько песочных часов, станет известно только в конце игры.
hourglass-owner-you = ваш
hourglass-your-cards = Ваши карты: { $cards }
hourglass-turns-left = { $count ->
    [0] Все карты этого раунда вы уже сыграли; последние 2 останутся в руке до следующего.
    [one] В этом раунде вам осталось сыграть { $count } карту; последние 2 останутся в руке до следующего.
    [few] В этом раунде вам осталось сыграть { $count } карты; последние 2 останутся в руке до следующего.
   *[many] В этом раунде вам осталось сыграть { $count } карт; последние 2 останутся в руке до следующего.
  }
hourglass-your-score = ⏳ Ваш счёт: **{ $score }**
hourglass-seat-cards = Карты: { $cards }
hourglass-seat-score = ⏳ Счёт: **{ $score }**
hourglass-out-of-play = Уже в копилках (вышли из игры): { $cards }

hourglass-do-open = { $card } → новый набор { $direction }
hourglass-do-take = { $card } на { $set }: забрать набор
hourglass-do-feed = { $card } под { $set } (набор останется у владельца)
hourglass-do-discard = { $card } → под низ колоды

hourglass-ev-open = { $who } начинает набор { $set } { $direction } картой { $card }
hourglass-ev-take = { $who } кладёт { $card } на набор { $set } и забирает его у игрока { $owner }
hourglass-ev-swap = { $who } кладёт { $card } на карту того же значения в наборе { $set } и забирает его у игрока { $owner }
hourglass-ev-feed = { $who } подкладывает { $card } под набор { $set }, набор остаётся у игрока { $owner }
hourglass-ev-discard = { $who } владеет всеми наборами и убирает карту под низ колоды
hourglass-ev-round-end = ⌛ **Раунд { $round } окончен.** Собрано: { $results }.
hourglass-ev-refill = Все добирают по { $count ->
    [one] { $count } карте
    [few] { $count } карты
   *[many] { $count } карт
  } к следующему раунду; в колоде { $deck ->
    [one] осталась { $deck } карта
    [few] осталось { $deck } карты
   *[many] осталось { $deck } карт
  }.
hourglass-ev-reshuffle = 🔀 Колода закончилась в первый раз: все 63 карты снова перемешаны, и каждый получает 6 новых карт (в колоде — { $deck }). Уже собранные песочные часы остаются в зачёте.
hourglass-ev-game-over = 🏆 Игра окончена: { $count ->
    [one] побеждает { $winners }
   *[other] победу делят { $winners }
  }.

group-hourglass-open = Начать новый набор картой…
group-hourglass-take = Забрать набор: положить карту сверху…
group-hourglass-feed = Подложить карту под чужой набор…
group-hourglass-discard = Ходов нет: уберите карту под низ колоды…

illegal-no_empty_holder = Свободной подставки нет, новый набор не начать.
illegal-no_such_set = Такого набора на столе нет.
illegal-own_set = В свой собственный набор класть карты нельзя.
illegal-discard_not_forced = У вас есть ход, поэтому сбрасывать карту нельзя.

tiebreak-hourglass-pile_cards = При равенстве песочных часов выше тот, кто собрал больше карт.

opt-hourglass-start_seat = Кто начинает первый раунд
opt-hourglass-deck_twice = Колода проходит два круга
opt-hourglass-tiebreak = Ничья по песочным часам
opt-hourglass-exception_literal = Строгое исключение: все наборы у вас — сброс, даже при свободной подставке
opt-hourglass-open_scores = Открытый счёт: песочные часы всех видны во время игры
optkey-hourglass-start_seat = первый_ход
optkey-hourglass-deck_twice = два_круга
optkey-hourglass-tiebreak = ничья
optkey-hourglass-exception_literal = строгое_исключение
optkey-hourglass-open_scores = открытый_счёт
optval-hourglass-start_seat-None = по жребию
optval-hourglass-deck_twice-None = если игроков пятеро
optval-hourglass-tiebreak-shared = общая победа
optval-hourglass-tiebreak-pile_cards = побеждает тот, у кого больше собранных карт
optword-hourglass-start_seat-None = жребий
optword-hourglass-deck_twice-None = авто
optword-hourglass-tiebreak-shared = общая
optword-hourglass-tiebreak-pile_cards = по_картам

rules-hourglass = Цель — собрать как можно больше песочных часов: на каждой карте их от 0 до 3. В колоде красные и фиолетовые карты от 1 до 25 и джокеры с нечётными числами от 1 до 25. У каждого 6 карт (вдвоём — 7). В свой ход сыграйте ровно одну карту: ① начните набор на свободной подставке (их три): выберите «+» (по возрастанию) или «−» (по убыванию) и положите любую карту; набор встаёт перед вами. ② Заберите набор соперника, положив карту сверху: на «+» — больше верхней, на «−» — меньше, и того же цвета (для джокеров цвет не важен). Джокер и цветную карту с тем же числом всегда можно класть друг на друга. Набор переходит к вам. ③ Подложите любую карту под набор соперника — набор остаётся у него. В свой набор класть нельзя; если все три набора у вас, уберите карту под низ колоды. Когда у всех останется по 2 карты, раунд заканчивается: владельцы забирают наборы в копилку рубашкой вверх, все добирают карты, и начинает следующий игрок. Если колоды не хватает, чтобы добрать всем, игра окончена — побеждает тот, у кого больше песочных часов.
