// The "exchange" namespace in all 7 locales (files: locales/<lang>/exchange.json).
import zh from '../../locales/zh/exchange.json' with { type: 'json' };
import en from '../../locales/en/exchange.json' with { type: 'json' };
import hk from '../../locales/hk/exchange.json' with { type: 'json' };
import jp from '../../locales/jp/exchange.json' with { type: 'json' };
import kor from '../../locales/kor/exchange.json' with { type: 'json' };
import th from '../../locales/th/exchange.json' with { type: 'json' };
import ind from '../../locales/ind/exchange.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
