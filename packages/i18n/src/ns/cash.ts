// The "cash" namespace in all 7 locales (files: locales/<lang>/cash.json).
import zh from '../../locales/zh/cash.json' with { type: 'json' };
import en from '../../locales/en/cash.json' with { type: 'json' };
import hk from '../../locales/hk/cash.json' with { type: 'json' };
import jp from '../../locales/jp/cash.json' with { type: 'json' };
import kor from '../../locales/kor/cash.json' with { type: 'json' };
import th from '../../locales/th/cash.json' with { type: 'json' };
import ind from '../../locales/ind/cash.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
