// The "micro" namespace in all 7 locales (files: locales/<lang>/micro.json).
import zh from '../../locales/zh/micro.json' with { type: 'json' };
import en from '../../locales/en/micro.json' with { type: 'json' };
import hk from '../../locales/hk/micro.json' with { type: 'json' };
import jp from '../../locales/jp/micro.json' with { type: 'json' };
import kor from '../../locales/kor/micro.json' with { type: 'json' };
import th from '../../locales/th/micro.json' with { type: 'json' };
import ind from '../../locales/ind/micro.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
