<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="table_tiles" tilewidth="32" tileheight="32" tilecount="198" columns="18">
 <image source="table_tiles.png" width="576" height="352"/>
 <wangsets>
  <wangset name="dry grass" type="corner" tile="18">
   <wangcolor name="dry grass" color="#b0a860" tile="18" probability="1"/>
   <wangtile tileid="18" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="19" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="20" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="21" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="22" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="23" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="24" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="25" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="26" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="27" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="28" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="29" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="30" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="31" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="32" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="33" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="34" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="35" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="sand" type="corner" tile="36">
   <wangcolor name="sand" color="#e0c880" tile="36" probability="1"/>
   <wangtile tileid="36" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="37" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="38" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="39" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="40" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="41" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="42" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="43" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="44" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="45" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="46" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="47" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="48" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="49" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="50" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="51" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="52" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="53" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="dirt" type="corner" tile="54">
   <wangcolor name="dirt" color="#8a6a44" tile="54" probability="1"/>
   <wangtile tileid="54" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="55" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="56" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="57" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="58" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="59" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="60" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="61" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="62" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="63" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="64" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="65" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="66" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="67" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="68" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="69" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="70" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="71" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="paved" type="corner" tile="72">
   <wangcolor name="paved" color="#a0a0a0" tile="72" probability="1"/>
   <wangtile tileid="72" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="73" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="74" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="75" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="76" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="77" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="78" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="79" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="80" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="81" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="82" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="83" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="84" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="85" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="86" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="87" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="88" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="89" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="water" type="corner" tile="90">
   <wangcolor name="water" color="#3070a0" tile="90" probability="1"/>
   <wangtile tileid="90" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="91" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="92" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="93" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="94" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="95" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="96" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="97" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="98" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="99" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="100" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="101" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="102" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="103" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="104" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="105" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="106" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="107" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="forest floor" type="corner" tile="108">
   <wangcolor name="forest floor" color="#2a5020" tile="108" probability="1"/>
   <wangtile tileid="108" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="109" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="110" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="111" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="112" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="113" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="114" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="115" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="116" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="117" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="118" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="119" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="120" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="121" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="122" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="123" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="124" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="125" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="rubble" type="corner" tile="126">
   <wangcolor name="rubble" color="#806050" tile="126" probability="1"/>
   <wangtile tileid="126" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="127" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="128" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="129" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="130" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="131" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="132" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="133" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="134" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="135" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="136" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="137" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="138" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="139" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="140" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="141" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="142" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="143" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="rock" type="corner" tile="144">
   <wangcolor name="rock" color="#707070" tile="144" probability="1"/>
   <wangtile tileid="144" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="145" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="146" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="147" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="148" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="149" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="150" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="151" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="152" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="153" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="154" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="155" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="156" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="157" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="158" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="159" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="160" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="161" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="timber" type="corner" tile="162">
   <wangcolor name="timber" color="#a0703a" tile="162" probability="1"/>
   <wangtile tileid="162" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="163" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="164" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="165" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="166" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="167" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="168" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="169" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="170" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="171" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="172" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="173" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="174" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="175" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="176" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="177" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="178" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="179" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
  <wangset name="hill" type="corner" tile="180">
   <wangcolor name="hill" color="#c0c060" tile="180" probability="1"/>
   <wangtile tileid="180" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="181" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="182" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="183" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="184" wangid="0,0,0,0,0,0,0,1"/>
   <wangtile tileid="185" wangid="0,1,0,0,0,0,0,0"/>
   <wangtile tileid="186" wangid="0,1,0,0,0,0,0,1"/>
   <wangtile tileid="187" wangid="0,0,0,1,0,0,0,0"/>
   <wangtile tileid="188" wangid="0,0,0,1,0,0,0,1"/>
   <wangtile tileid="189" wangid="0,1,0,1,0,0,0,0"/>
   <wangtile tileid="190" wangid="0,1,0,1,0,0,0,1"/>
   <wangtile tileid="191" wangid="0,0,0,0,0,1,0,0"/>
   <wangtile tileid="192" wangid="0,0,0,0,0,1,0,1"/>
   <wangtile tileid="193" wangid="0,1,0,0,0,1,0,0"/>
   <wangtile tileid="194" wangid="0,1,0,0,0,1,0,1"/>
   <wangtile tileid="195" wangid="0,0,0,1,0,1,0,0"/>
   <wangtile tileid="196" wangid="0,0,0,1,0,1,0,1"/>
   <wangtile tileid="197" wangid="0,1,0,1,0,1,0,0"/>
  </wangset>
 </wangsets>
</tileset>
